import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { UserOrdering, UserStatus } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { preparedQuery } from '../../platform/db/prepared.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { workspacesReadModel } from '../workspaces/workspaces.read-model.ts';
import { pagedList } from '../../platform/db/paged-list.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';

export interface UserRecord {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string | null;
  organization_id: string | null;
  role: string | null;
  content_space_id: string | null;
  email_verified: boolean;
  status: string;
  only_sso: boolean;
  title: string | null;
  profile_picture_url: string | null;
  linkedin_url: string | null;
  twitter_url: string | null;
}

/** A person of an organisation as its users list reads them. */
export interface MemberRecord extends Omit<UserRecord, 'only_sso' | 'organization_id' | 'content_space_id'> {
  organization_id: string;
  created_at: Date;
  /** Whether the person ever signed in (a session exists, live or not). */
  has_signed_in: boolean;
}

export type MemberDetailRecord = MemberRecord & { extra_data: Record<string, unknown> };

/** Who is in an organisation's users list. */
export interface MemberFilter {
  /** Only people sharing a team with this user (and the user): callers who do not see every team. */
  visibleToUserId?: string | undefined;
  /** Only members of this team. */
  workspaceId?: string | undefined;
  /** Leave out people without studio access: no organisation role and no team. */
  withStudioAccessOnly?: boolean | undefined;
  search?: string | undefined;
  /** Exactly this email, any case (`user__email`, 002 §7.6). */
  email?: string | undefined;
  /** A role name, or 'none' for people without one. */
  role?: string | undefined;
  ordering: UserOrdering;
}

/** Profile columns a person (or an admin) changes; undefined leaves a column as it is. */
export interface ProfileChanges {
  first_name?: string | undefined;
  last_name?: string | undefined;
  company?: string | null | undefined;
  title?: string | null | undefined;
  profile_picture_url?: string | null | undefined;
  linkedin_url?: string | null | undefined;
  twitter_url?: string | null | undefined;
}

export type MemberChanges = ProfileChanges & {
  role?: string | null | undefined;
  extra_data?: Record<string, unknown> | undefined;
  invited_event_id?: string | null | undefined;
};

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
  /** A standalone Content Lab user's personal space. */
  contentSpaceId?: string;
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
  'content_space_id',
  'email_verified',
  'status',
  'only_sso',
  'title',
  'profile_picture_url',
  'linkedin_url',
  'twitter_url',
] as const;

const memberColumns = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.company',
  'users.role',
  'users.email_verified',
  'users.status',
  'users.title',
  'users.profile_picture_url',
  'users.linkedin_url',
  'users.twitter_url',
  'users.created_at',
] as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

type UsersScope = ExpressionBuilder<Database, 'users'>;

const person = { id: 'users.id', organizationId: 'users.organization_id' };

/** The user is a current member of a team of their organisation (optionally: of this team). */
const inATeam = (workspaceId?: string): Expression<SqlBool> =>
  workspacesReadModel.inATeam(person, workspaceId);

/** The user shares a team with `userId` (or is that user). */
const sharesATeamWith = (eb: UsersScope, userId: string): Expression<SqlBool> =>
  eb.or([eb('users.id', '=', userId), workspacesReadModel.sharesATeamWith(person, userId)]);

const orderings: Record<UserOrdering, { keys: RawBuilder<unknown>[]; direction: 'asc' | 'desc' }> = {
  first_name: { keys: [sql`lower(users.first_name)`, sql`lower(users.last_name)`], direction: 'asc' },
  '-first_name': { keys: [sql`lower(users.first_name)`, sql`lower(users.last_name)`], direction: 'desc' },
  email: { keys: [sql`lower(users.email)`], direction: 'asc' },
  created_at: { keys: [sql`users.created_at`], direction: 'asc' },
  '-created_at': { keys: [sql`users.created_at`], direction: 'desc' },
};

const emailIs = (email: string) => sql<boolean>`lower(email) = ${email.toLowerCase()}`;

/** What the people's queries read of sign-in sessions: the sign-in area's read model, handed in. */
export interface SessionReads {
  /** The sign-in session is the person's (`userId`: a column reference), neither revoked nor expired. */
  isLiveSession(sessionId: string, userId: string): RawBuilder<boolean>;
  /** The person (`userId`: a column reference) has signed in at least once. */
  hasSignedIn(userId: string): RawBuilder<boolean>;
}

export function createUsersRepository(db: Executor, sessions: SessionReads) {
  /** Whether the person ever signed in (a session of theirs exists). */
  const hasSignedIn = sessions.hasSignedIn('users.id').as('has_signed_in');
  // Every /me runs this: compiled once.
  const withTeams = (id: string) =>
    db
      .selectFrom('users')
      .select([
        ...userColumns,
        workspacesReadModel.teamRefsOf('users.id', 'users.organization_id').as('workspaces'),
      ])
      .where('id', '=', id);
  type WithTeams = UserRecord & { workspaces: { id: string; name: string }[] };
  const withTeamsById = preparedQuery<[id: string], WithTeams>(db, 1, withTeams);
  const withTeamsInSession = preparedQuery<[id: string, sessionId: string], WithTeams>(
    db,
    2,
    (id, sessionId) => withTeams(id).where(sessions.isLiveSession(sessionId, 'users.id')),
  );
  return {
    async findById(id: string, tx: Executor = db): Promise<UserRecord | undefined> {
      return tx.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    /** The people's current emails by id, in one statement (unknown ids are left out). */
    async emailsOf(ids: readonly string[], tx: Executor = db): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** The person with the teams of their organisation they belong to (/me), in one statement. */
    findWithTeams: withTeamsById,
    /** The same, only while the sign-in session is live: /me's session check and answer in one statement. */
    findWithTeamsInSession: withTeamsInSession,

    async findCredentialsById(id: string, tx: Executor = db): Promise<UserCredentialsRecord | undefined> {
      return tx
        .selectFrom('users')
        .select([...userColumns, 'password_hash'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async findCredentialsByEmail(
      email: string,
      tx: Executor = db,
    ): Promise<UserCredentialsRecord | undefined> {
      return tx
        .selectFrom('users')
        .select([...userColumns, 'password_hash'])
        .where(emailIs(email))
        .executeTakeFirst();
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
          ...(user.contentSpaceId ? { content_space_id: user.contentSpaceId } : {}),
          ...(user.status ? { status: user.status } : {}),
          ...(user.emailVerified !== undefined ? { email_verified: user.emailVerified } : {}),
          ...(user.onlySso !== undefined ? { only_sso: user.onlySso } : {}),
        })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning(userColumns)
        .executeTakeFirst();
    },

    /**
     * Joins a user without an organisation to one (a personal Content Lab space is theirs no more);
     * false when the user already has one.
     */
    async joinOrganization(
      userId: string,
      organizationId: string,
      role: string,
      tx: Executor = db,
    ): Promise<boolean> {
      const result = await tx
        .updateTable('users')
        .set({ organization_id: organizationId, role, content_space_id: null, updated_at: new Date() })
        .where('id', '=', userId)
        .where('organization_id', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async setPassword(
      userId: string,
      passwordHash: string,
      status: UserStatus,
      tx: Executor = db,
    ): Promise<void> {
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

    // ----- An organisation's members (the users list and its administration) -----------------

    /** A page of the organisation's members, with the total. */
    async listMembers(
      organizationId: string,
      filter: MemberFilter,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<{ count: number; rows: MemberRecord[] }> {
      let query = tx.selectFrom('users').where('users.organization_id', '=', organizationId);
      if (filter.visibleToUserId) {
        const userId = filter.visibleToUserId;
        query = query.where((eb) => sharesATeamWith(eb, userId));
      }
      if (filter.workspaceId) {
        const workspaceId = filter.workspaceId;
        query = query.where(inATeam(workspaceId));
      }
      if (filter.withStudioAccessOnly)
        query = query.where((eb) => eb.or([eb('users.role', 'is not', null), inATeam()]));
      if (filter.role === 'none') query = query.where('users.role', 'is', null);
      else if (filter.role) query = query.where('users.role', '=', filter.role);
      if (filter.email) query = query.where(sql<string>`lower(users.email)`, '=', filter.email.toLowerCase());
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql<string>`users.first_name || ' ' || users.last_name`, 'ilike', pattern),
            eb('users.email', 'ilike', pattern),
          ]),
        );
      }
      const { keys, direction } = orderings[filter.ordering];
      let ordered = query.select(memberColumns).select(hasSignedIn);
      for (const key of keys) ordered = ordered.orderBy(key, direction);
      const { count, rows } = await pagedList(query, ordered.orderBy('users.id', direction), page);
      return { count, rows: rows.map((row) => ({ ...row, organization_id: organizationId })) };
    },

    /** The member with this id or email (any case), if they are the organisation's and visible. */
    async findMember(
      organizationId: string,
      by: { id: string } | { email: string },
      visibleToUserId?: string,
      tx: Executor = db,
    ): Promise<MemberDetailRecord | undefined> {
      let query = tx
        .selectFrom('users')
        .select([...memberColumns, 'users.extra_data'])
        .select(hasSignedIn)
        .where('users.organization_id', '=', organizationId);
      query =
        'id' in by
          ? query.where('users.id', '=', by.id)
          : query.where(sql<boolean>`lower(users.email) = ${by.email.toLowerCase()}`);
      if (visibleToUserId) query = query.where((eb) => sharesATeamWith(eb, visibleToUserId));
      const row = await query.executeTakeFirst();
      return row ? { ...row, organization_id: organizationId } : undefined;
    },

    /** Changes what is given of the person's own profile. */
    async updateProfile(userId: string, changes: ProfileChanges, tx: Executor = db): Promise<void> {
      const values = definedOnly(changes);
      if (Object.keys(values).length === 0) return;
      await tx
        .updateTable('users')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    /** Changes what is given of a member; false when they are not (any more) the organisation's. */
    async updateMember(
      organizationId: string,
      userId: string,
      changes: MemberChanges,
      tx: Executor = db,
    ): Promise<boolean> {
      const { extra_data: extra, ...columns } = changes;
      return organizationRows.update(tx, 'users', organizationId, userId, {
        ...definedOnly(columns),
        ...(extra !== undefined ? { extra_data: JSON.stringify(extra) } : {}),
        updated_at: new Date(),
      });
    },

    /**
     * The person leaves the organisation: no organisation, no role, no SSO-only rule of its
     * domains. The account stays (their sign-in, and what they made for the organisation).
     */
    removeFromOrganization(organizationId: string, userId: string, tx: Executor = db): Promise<boolean> {
      return organizationRows.update(tx, 'users', organizationId, userId, {
        organization_id: null,
        role: null,
        only_sso: false,
        updated_at: new Date(),
      });
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

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
