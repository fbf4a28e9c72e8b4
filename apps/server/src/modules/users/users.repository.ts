import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

export interface UserRecord {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string | null;
  organization_id: string | null;
  role: string | null;
  email_verified: boolean;
  status: string;
  only_sso: boolean;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
}

const userColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'company',
  'organization_id',
  'role',
  'email_verified',
  'status',
  'only_sso',
] as const;

export function createUsersRepository(db: Executor) {
  return {
    async findById(id: string, tx: Executor = db): Promise<UserRecord | undefined> {
      return tx.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    async findCredentialsByEmail(email: string): Promise<(UserRecord & { password_hash: string | null }) | undefined> {
      return db
        .selectFrom('users')
        .select([...userColumns, 'password_hash'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    /** Inserts the user, or answers undefined when the email is taken (no race: the unique index decides). */
    async insertIfEmailFree(user: NewUser): Promise<UserRecord | undefined> {
      return db
        .insertInto('users')
        .values({
          email: user.email,
          password_hash: user.passwordHash,
          first_name: user.firstName,
          last_name: user.lastName,
        })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning(userColumns)
        .executeTakeFirst();
    },

    /** Joins a user without an organisation to one; false when the user already has one. */
    async joinOrganization(userId: string, organizationId: string, role: string, tx: Executor = db): Promise<boolean> {
      const result = await tx
        .updateTable('users')
        .set({ organization_id: organizationId, role, updated_at: new Date() })
        .where('id', '=', userId)
        .where('organization_id', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
