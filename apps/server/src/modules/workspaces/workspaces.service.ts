import {
  accessMessages,
  type Workspace,
  type WorkspaceListQuery,
  type WorkspaceMember,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { sameFields } from '../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../platform/http/pagination.ts';
import {
  hasPermission,
  requireOrganization,
  requirePermission,
  type OrganizationCaller,
} from '../../platform/http/access-rules.ts';
import type { Executor } from '../../platform/db/executor.ts';
import {
  createWorkspacesRepository,
  type MemberReads,
  type WorkspaceMemberRecord,
  type WorkspaceRecord,
  type WorkspacesRepository,
} from './workspaces.repository.ts';
import { isUuid } from '../../platform/db/uuid.ts';

const nameTaken = () => fieldError('name', accessMessages.workspaceNameTaken, 'WORKSPACE_NAME_TAKEN');

/**
 * Whose workspaces alone the caller sees: without `workspace:read` (team admins, plain members) their
 * own; undefined for those who see every one (organisation admins, event admins and editors). The
 * organisation's users follow it: the others see the members of their own workspaces and themselves.
 */
export const restrictedToTeamsOf = (caller: OrganizationCaller) =>
  hasPermission(caller, 'workspace:read') ? undefined : caller.userId;

/**
 * Memberships as other modules (the organisation's users) change them, inside their transaction:
 * the workspaces module's read and write model, never its repository.
 */
export function createWorkspaceMemberships(workspaces: WorkspacesRepository) {
  return {
    /** The organisation's workspace (with memberUserId: only if that person is a member). */
    find: (organizationId: string, id: string, memberUserId?: string, tx?: Executor) =>
      workspaces.find(organizationId, id, memberUserId, tx),
    refsOfUser: (userId: string, tx?: Executor) => workspaces.refsOfUser(userId, tx),
    /** The teams of each person, by name; with amongTeamsOf, only teams that person is in too. */
    teamsOfMembers: (organizationId: string, userIds: readonly string[], amongTeamsOf?: string) =>
      workspaces.teamsOfMembers(organizationId, userIds, amongTeamsOf),
    addMember: (organizationId: string, workspaceId: string, userId: string, tx?: Executor) =>
      workspaces.addMember(organizationId, workspaceId, userId, tx),
    removeMember: (workspaceId: string, userId: string, tx?: Executor) =>
      workspaces.removeMember(workspaceId, userId, tx),
  };
}

export type WorkspaceMemberships = ReturnType<typeof createWorkspaceMemberships>;

/** The organisation's teams; `people`: the users area's read model (who is still in the organisation). */
export function createWorkspacesService(db: Executor, people: MemberReads) {
  const workspaces = createWorkspacesRepository(db, people);

  /** The workspace the caller may see, or undefined (another organisation's, unknown, malformed id). */
  async function findVisible(caller: OrganizationCaller, id: string): Promise<WorkspaceRecord | undefined> {
    return isUuid(id) ? workspaces.find(caller.organizationId, id, restrictedToTeamsOf(caller)) : undefined;
  }

  /** The workspace the caller may see; another organisation's, an unknown or a malformed id is a 404. */
  async function visibleWorkspace(caller: OrganizationCaller, id: string): Promise<WorkspaceRecord> {
    const workspace = await findVisible(caller, id);
    if (!workspace) throw notFound();
    return workspace;
  }

  async function managedWorkspace(
    caller: Caller,
    id: string,
  ): Promise<{ manager: OrganizationCaller; workspace: WorkspaceRecord }> {
    const manager = requirePermission(caller, 'workspace:manage');
    return { manager, workspace: await visibleWorkspace(manager, id) };
  }

  return {
    findVisible,

    async list(caller: Caller, query: WorkspaceListQuery, page: PageRequest): Promise<Counted<Workspace>> {
      const member = requireOrganization(caller);
      if (query.organization && query.organization !== member.organizationId) throw notFound();
      const mine = query.show === 'mine' ? member.userId : restrictedToTeamsOf(member);
      const { count, rows } = await workspaces.list(
        member.organizationId,
        { memberUserId: mine, search: query.search || undefined, ordering: query.ordering },
        page,
      );
      return { count, results: rows.map(toWorkspace) };
    },

    async get(caller: Caller, id: string): Promise<Workspace> {
      return toWorkspace(await visibleWorkspace(requireOrganization(caller), id));
    },

    async create(caller: Caller, name: string): Promise<Workspace> {
      const manager = requirePermission(caller, 'workspace:manage');
      const created = await workspaces.insert(manager.organizationId, name);
      if (created === 'taken') throw nameTaken();
      return toWorkspace(await visibleWorkspace(manager, created.id));
    },

    async rename(caller: Caller, id: string, name: string): Promise<Workspace> {
      const { manager, workspace } = await managedWorkspace(caller, id);
      const outcome = await workspaces.rename(manager.organizationId, workspace.id, name);
      if (outcome === 'taken') throw nameTaken();
      if (outcome === 'missing') throw notFound();
      return toWorkspace(await visibleWorkspace(manager, id));
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const { manager, workspace } = await managedWorkspace(caller, id);
      if (!(await workspaces.delete(manager.organizationId, workspace.id))) throw notFound();
    },

    async members(caller: Caller, id: string, page: PageRequest): Promise<Counted<WorkspaceMember>> {
      const workspace = await visibleWorkspace(requireOrganization(caller), id);
      const { count, rows } = await workspaces.listMembers(workspace.id, page);
      return { count, results: rows.map(toMember) };
    },

    async addMember(caller: Caller, id: string, userId: string): Promise<WorkspaceMember> {
      const { manager, workspace } = await managedWorkspace(caller, id);
      const notInOrganization = () =>
        fieldError('user_id', accessMessages.userNotInOrganization, 'USER_NOT_IN_ORGANIZATION');
      if (!isUuid(userId)) throw notInOrganization();
      await workspaces.addMember(manager.organizationId, workspace.id, userId);
      const member = await workspaces.findMember(workspace.id, userId);
      if (!member) throw notInOrganization();
      return toMember(member);
    },

    async removeMember(caller: Caller, id: string, userId: string): Promise<void> {
      const { workspace } = await managedWorkspace(caller, id);
      if (!isUuid(userId) || !(await workspaces.removeMember(workspace.id, userId))) throw notFound();
    },

    /** CurrentUser.workspaces: the workspaces a person belongs to. */
    refsOfUser: (userId: string) => workspaces.refsOfUser(userId),

    memberships: createWorkspaceMemberships(workspaces),
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;

function toWorkspace(record: WorkspaceRecord): Workspace {
  return {
    ...sameFields(record, ['id', 'name', 'members_count']),
    organization: record.organization_id,
    created_at: record.created_at.toISOString(),
  };
}

function toMember(record: WorkspaceMemberRecord): WorkspaceMember {
  return {
    ...sameFields(record, ['id', 'email', 'first_name', 'last_name', 'role']),
    added_at: record.added_at.toISOString(),
  };
}
