import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import type { WorkspaceListQuery } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Database } from '../../platform/db/schema.ts';
import { orOnUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { pagedList } from '../../platform/db/paged-list.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';

export interface WorkspaceRecord {
  id: string;
  organization_id: string;
  name: string;
  created_at: Date;
  members_count: number;
}

export interface WorkspaceMemberRecord {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string | null;
  added_at: Date;
}

export interface WorkspaceFilter {
  /** Only the workspaces this user belongs to. */
  memberUserId?: string | undefined;
  search?: string | undefined;
  ordering: WorkspaceListQuery['ordering'];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What the teams' queries read of the organisation's people: the users area's read model, handed
 * in (members are people of the same organisation; the users table is read, never written).
 */
export interface MemberReads {
  /** The person is still a member of the organisation (people who left are not). */
  isMemberOf(userId: Expression<string>, organizationId: Expression<string>): RawBuilder<boolean>;
  /** Joins the organisation's people (`users`) onto a query by its person column; people who left are not joined. */
  joinMembers<TB extends keyof Database, O>(
    query: SelectQueryBuilder<Database, TB, O>,
    userId: Expression<string>,
    organizationId: Expression<string>,
  ): SelectQueryBuilder<Database, TB | 'users', O>;
}

/** What a workspace's member is answered with (see WorkspaceMemberRecord). */
const memberColumns = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.role',
  'workspace_members.created_at as added_at',
] as const;

/** The workspaces this person is a member of (a condition on `workspaces`). */
const hasMember = (userId: string) => (eb: ExpressionBuilder<Database, 'workspaces'>) =>
  eb.exists(
    eb
      .selectFrom('workspace_members as member')
      .whereRef('member.workspace_id', '=', 'workspaces.id')
      .where('member.user_id', '=', userId)
      .select(sql.lit(1).as('one')),
  );

export function createWorkspacesRepository(db: Executor, people: MemberReads) {
  const withMembersCount = (tx: Executor) =>
    tx
      .selectFrom('workspaces')
      .select(['workspaces.id', 'workspaces.organization_id', 'workspaces.name', 'workspaces.created_at'])
      .select((eb) =>
        eb
          .selectFrom('workspace_members')
          .whereRef('workspace_members.workspace_id', '=', 'workspaces.id')
          .where(
            people.isMemberOf(sql.ref('workspace_members.user_id'), sql.ref('workspaces.organization_id')),
          )
          .select(eb.fn.countAll<number>().as('n'))
          .as('members_count'),
      );

  // A person who left the organisation is no longer a member of its workspaces.
  const currentMembers = (tx: Executor) =>
    people.joinMembers(
      tx
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id'),
      sql.ref('workspace_members.user_id'),
      sql.ref('workspaces.organization_id'),
    );

  const toRecord = (row: {
    id: string;
    organization_id: string;
    name: string;
    created_at: Date;
    members_count: number | null;
  }) => ({
    ...row,
    members_count: Number(row.members_count ?? 0),
  });

  return {
    async list(
      organizationId: string,
      filter: WorkspaceFilter,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<{ count: number; rows: WorkspaceRecord[] }> {
      let query = tx.selectFrom('workspaces').where('workspaces.organization_id', '=', organizationId);
      if (filter.memberUserId) query = query.where(hasMember(filter.memberUserId));
      if (filter.search) query = query.where('workspaces.name', 'ilike', `%${escapeLike(filter.search)}%`);

      const descending = filter.ordering.startsWith('-');
      const byName = filter.ordering.endsWith('name');
      const ids = query.select('workspaces.id');
      const { count, rows } = await pagedList(
        query,
        withMembersCount(tx)
          .where('workspaces.id', 'in', ids)
          .orderBy(
            byName ? sql`lower(workspaces.name)` : sql`workspaces.created_at`,
            descending ? 'desc' : 'asc',
          )
          .orderBy('workspaces.id', descending ? 'desc' : 'asc'),
        page,
      );
      return { count, rows: rows.map(toRecord) };
    },

    /** The workspace, if it is the organisation's (and, with memberUserId, has that member). */
    async find(
      organizationId: string,
      id: string,
      memberUserId?: string,
      tx: Executor = db,
    ): Promise<WorkspaceRecord | undefined> {
      let query = withMembersCount(tx)
        .where('workspaces.organization_id', '=', organizationId)
        .where('workspaces.id', '=', id);
      if (memberUserId) query = query.where(hasMember(memberUserId));
      const row = await query.executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** The new workspace's id, or 'taken' when the organisation already has that name (any case). */
    async insert(organizationId: string, name: string, tx: Executor = db): Promise<{ id: string } | 'taken'> {
      const row = tx
        .insertInto('workspaces')
        .values({ organization_id: organizationId, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return orOnUniqueViolation(
        row.then(({ id }) => ({ id })),
        'taken',
      );
    },

    async rename(
      organizationId: string,
      id: string,
      name: string,
      tx: Executor = db,
    ): Promise<'renamed' | 'missing' | 'taken'> {
      const result = organizationRows.update(tx, 'workspaces', organizationId, id, {
        name,
        updated_at: new Date(),
      });
      return orOnUniqueViolation(
        result.then((updated) => (updated ? 'renamed' : 'missing')),
        'taken',
      );
    },

    delete(organizationId: string, id: string, tx: Executor = db): Promise<boolean> {
      return organizationRows.delete(tx, 'workspaces', organizationId, id);
    },

    async listMembers(
      workspaceId: string,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<{ count: number; rows: WorkspaceMemberRecord[] }> {
      const members = currentMembers(tx).where('workspace_members.workspace_id', '=', workspaceId);
      return pagedList(
        members,
        members
          .select(memberColumns)
          .orderBy(sql`lower(users.first_name)`)
          .orderBy(sql`lower(users.last_name)`)
          .orderBy('users.id'),
        page,
      );
    },

    async findMember(
      workspaceId: string,
      userId: string,
      tx: Executor = db,
    ): Promise<WorkspaceMemberRecord | undefined> {
      return currentMembers(tx)
        .select(memberColumns)
        .where('workspace_members.workspace_id', '=', workspaceId)
        .where('workspace_members.user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Adds a person of the workspace's organisation (decided in the statement itself, so a user
     * moving organisation meanwhile cannot slip in); adding a member again changes nothing.
     */
    async addMember(
      organizationId: string,
      workspaceId: string,
      userId: string,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insertInto('workspace_members')
        .columns(['workspace_id', 'user_id'])
        .expression((eb) =>
          eb
            .selectFrom('workspaces')
            .select(['workspaces.id as workspace_id', sql<string>`${userId}::uuid`.as('user_id')])
            .where('workspaces.id', '=', workspaceId)
            .where('workspaces.organization_id', '=', organizationId)
            .where(people.isMemberOf(sql.val(userId), sql.val(organizationId))),
        )
        .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
        .execute();
    },

    async removeMember(workspaceId: string, userId: string, tx: Executor = db): Promise<boolean> {
      const result = await tx
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },

    /** The workspaces a user belongs to, by name. */
    /**
     * The teams of each user, by name; with `amongTeamsOf`, only teams that user is in too (a
     * caller who does not see every team learns nothing of the others).
     */
    async teamsOfMembers(
      organizationId: string,
      userIds: readonly string[],
      amongTeamsOf?: string,
      tx: Executor = db,
    ): Promise<Map<string, { id: string; name: string }[]>> {
      const teams = new Map<string, { id: string; name: string }[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return teams;
      let query = tx
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select(['workspace_members.user_id', 'workspaces.id', 'workspaces.name'])
        .where('workspaces.organization_id', '=', organizationId)
        .where('workspace_members.user_id', 'in', [...userIds]);
      if (amongTeamsOf) query = query.where(hasMember(amongTeamsOf));
      const rows = await query
        .orderBy(sql`lower(workspaces.name)`)
        .orderBy('workspaces.id')
        .execute();
      for (const row of rows) teams.get(row.user_id)?.push({ id: row.id, name: row.name });
      return teams;
    },

    async refsOfUser(userId: string, tx: Executor = db): Promise<{ id: string; name: string }[]> {
      return currentMembers(tx)
        .select(['workspaces.id', 'workspaces.name'])
        .where('workspace_members.user_id', '=', userId)
        .orderBy(sql`lower(workspaces.name)`)
        .orderBy('workspaces.id')
        .execute();
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
