import { sql } from 'kysely';
import type { UserStatus } from '@studio/domain';
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

export type UserCredentialsRecord = UserRecord & { password_hash: string | null };

export interface NewUser {
  email: string;
  /** null: the person signs in without a password (SSO, magic link) until they set one. */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  company?: string | null;
  organizationId?: string | null;
  role?: string | null;
  status?: UserStatus;
  emailVerified?: boolean;
  onlySso?: boolean;
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

const emailIs = (email: string) => sql<boolean>`lower(email) = ${email.toLowerCase()}`;

export function createUsersRepository(db: Executor) {
  return {
    async findById(id: string, tx: Executor = db): Promise<UserRecord | undefined> {
      return tx.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    async findCredentialsById(id: string, tx: Executor = db): Promise<UserCredentialsRecord | undefined> {
      return tx.selectFrom('users').select([...userColumns, 'password_hash']).where('id', '=', id).executeTakeFirst();
    },

    async findCredentialsByEmail(email: string, tx: Executor = db): Promise<UserCredentialsRecord | undefined> {
      return tx.selectFrom('users').select([...userColumns, 'password_hash']).where(emailIs(email)).executeTakeFirst();
    },

    /** Inserts the user, or answers undefined when the email is taken (no race: the unique index decides). */
    async insertIfEmailFree(user: NewUser, tx: Executor = db): Promise<UserRecord | undefined> {
      return tx
        .insertInto('users')
        .values({
          email: user.email,
          password_hash: user.passwordHash,
          first_name: user.firstName,
          last_name: user.lastName,
          company: user.company ?? null,
          organization_id: user.organizationId ?? null,
          role: user.role ?? null,
          ...(user.status ? { status: user.status } : {}),
          ...(user.emailVerified !== undefined ? { email_verified: user.emailVerified } : {}),
          ...(user.onlySso !== undefined ? { only_sso: user.onlySso } : {}),
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

    async setPassword(userId: string, passwordHash: string, status: UserStatus, tx: Executor = db): Promise<void> {
      await tx
        .updateTable('users')
        .set({ password_hash: passwordHash, status, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    async markEmailVerified(userId: string, tx: Executor = db): Promise<void> {
      await tx
        .updateTable('users')
        .set({ email_verified: true, updated_at: new Date() })
        .where('id', '=', userId)
        .where('email_verified', '=', false)
        .execute();
    },

    /** only_sso = the email's domain is one of `domains`, for every member of the organisation. */
    async setOnlySsoByDomain(organizationId: string, domains: string[], tx: Executor = db): Promise<void> {
      const domainOf = sql<string>`lower(split_part(email, '@', 2))`;
      await tx
        .updateTable('users')
        .set({
          only_sso: domains.length > 0 ? sql<boolean>`${domainOf} in (${sql.join(domains)})` : false,
          updated_at: new Date(),
        })
        .where('organization_id', '=', organizationId)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
