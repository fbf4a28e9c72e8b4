import {
  findRole,
  memberStatus,
  userMessages,
  type CurrentUser,
  type OrganizationUser,
  type OrganizationUserDetail,
  type UserListQuery,
  type createUserRequestSchema,
  type updateUserRequestSchema,
} from '@studio/domain';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import type { Counted, PageRequest } from '../../platform/http/pagination.ts';
import {
  hasPermission,
  requireOrganization,
  requirePermission,
  type OrganizationCaller,
} from '../../platform/http/access-rules.ts';
import { restrictedToTeamsOf, type WorkspaceMemberships } from '../workspaces/workspaces.service.ts';
import type { MemberDetailRecord, MemberRecord, UsersRepository } from './users.repository.ts';
import { toUserStatus } from './users.service.ts';
import { isUuid } from '../../platform/db/uuid.ts';

export type CreateUserInput = z.output<typeof createUserRequestSchema>;
export type UpdateUserInput = z.output<typeof updateUserRequestSchema>;

const userAlreadyExists = () => fieldError('email', userMessages.userAlreadyExists, 'USER_ALREADY_EXISTS');
const foreignWorkspace = () =>
  fieldError('workspaces', userMessages.workspaceNotInOrganization, 'WORKSPACE_NOT_IN_ORGANIZATION');

export type InvitationMode = 'temporary_password' | 'magic_link';

/** A person an organisation admin adds (the sign-in flows create the account: `invite`). */
export interface InvitedUser {
  email: string;
  first_name: string;
  last_name: string;
  organizationId: string;
  role: string | null;
  company?: string | null;
}

export interface OrganizationUsersDeps {
  db: Executor;
  users: UsersRepository;
  workspaces: WorkspaceMemberships;
  /** The sign-in flows' createInvitedUser: creates the account and emails how to get in. */
  invite: (invited: InvitedUser, options: { mode: InvitationMode }) => Promise<CurrentUser>;
  /** Ends every sign-in session of the user (inside the caller's transaction). */
  endSessions: (userId: string, tx: Executor) => Promise<void>;
}

/**
 * The organisation's people (spec 001 §7 "Authentication and users", 000 §7 "Organisation
 * users"): list, look up, invite (create), change and remove. Invitations go through the sign-in
 * flows' `createInvitedUser` (temporary password or magic link, and its email).
 */
export function createOrganizationUsersService(deps: OrganizationUsersDeps) {
  const { db, users, workspaces } = deps;

  async function detail(
    caller: OrganizationCaller,
    record: MemberDetailRecord,
  ): Promise<OrganizationUserDetail> {
    const amongTeamsOf = restrictedToTeamsOf(caller);
    const teams = await workspaces.teamsOfMembers(caller.organizationId, [record.id], amongTeamsOf);
    const user = toOrganizationUser(record, teams.get(record.id) ?? []);
    // Extra data is what the admins who create people gave: for them only.
    const withExtra = hasPermission(caller, 'user:manage') ? { extra_data: record.extra_data } : {};
    return { ...user, organization: record.organization_id, ...withExtra };
  }

  async function managedMember(manager: OrganizationCaller, id: string): Promise<MemberDetailRecord> {
    if (!isUuid(id)) throw notFound();
    const member = await users.findMember(manager.organizationId, { id });
    if (!member) throw notFound();
    return member;
  }

  /** Every id must be a team of the organisation (one 400 for any that is not). */
  async function checkTeams(organizationId: string, ids: readonly string[] | undefined): Promise<void> {
    for (const id of ids ?? []) {
      if (!(await workspaces.find(organizationId, id))) throw foreignWorkspace();
    }
  }

  /** Makes the user's teams exactly `ids` (already checked to be the organisation's). */
  async function setTeams(
    organizationId: string,
    userId: string,
    ids: readonly string[],
    tx: Executor,
  ): Promise<void> {
    const current = await workspaces.refsOfUser(userId, tx);
    for (const team of current) {
      if (!ids.includes(team.id)) await workspaces.removeMember(team.id, userId, tx);
    }
    for (const id of ids) {
      if (!current.some((team) => team.id === id)) await workspaces.addMember(organizationId, id, userId, tx);
    }
  }

  return {
    /** GET /api/core/users/: a page of the members the caller sees. */
    async list(caller: Caller, query: UserListQuery, page: PageRequest): Promise<Counted<OrganizationUser>> {
      const member = requireOrganization(caller);
      if (query.organization && query.organization !== member.organizationId) throw notFound();
      const amongTeamsOf = restrictedToTeamsOf(member);
      const workspaceId = query.workspaces === 'all' ? undefined : query.workspaces;
      if (workspaceId && !(await workspaces.find(member.organizationId, workspaceId, amongTeamsOf)))
        throw notFound();
      const { count, rows } = await users.listMembers(
        member.organizationId,
        {
          visibleToUserId: amongTeamsOf,
          workspaceId,
          withStudioAccessOnly: query.exclude_studioevents_users,
          search: query.search || undefined,
          email: query.user__email || undefined,
          role: query.role || undefined,
          ordering: query.ordering,
        },
        page,
      );
      const teams = await workspaces.teamsOfMembers(
        member.organizationId,
        rows.map((row) => row.id),
        amongTeamsOf,
      );
      return { count, results: rows.map((row) => toOrganizationUser(row, teams.get(row.id) ?? [])) };
    },

    /** GET /api/core/user/?username=: the member of the caller's organisation with that email. */
    async lookup(caller: Caller, username: string): Promise<OrganizationUserDetail> {
      const member = requireOrganization(caller);
      const found = await users.findMember(
        member.organizationId,
        { email: username.trim() },
        restrictedToTeamsOf(member),
      );
      if (!found) throw notFound();
      return detail(member, found);
    },

    /** POST /api/core/user/: creates a member and emails them a temporary password or a magic link. */
    async create(caller: Caller, input: CreateUserInput): Promise<OrganizationUserDetail> {
      const manager = requirePermission(caller, 'user:manage');
      if (input.organization !== manager.organizationId) throw notFound();
      await checkTeams(manager.organizationId, input.workspaces);
      if (await users.findCredentialsByEmail(input.email)) throw userAlreadyExists();

      let invited: CurrentUser;
      try {
        invited = await deps.invite(
          {
            email: input.email,
            first_name: input.first_name,
            last_name: input.last_name,
            organizationId: manager.organizationId,
            role: input.role ?? null,
            company: input.company ?? null,
          },
          { mode: input.is_magic ? 'magic_link' : 'temporary_password' },
        );
      } catch (error) {
        // Taken between the check and the insert.
        if (error instanceof HttpError && error.code === 'EMAIL_UNAVAILABLE') throw userAlreadyExists();
        throw error;
      }

      await db.transaction().execute(async (tx) => {
        await users.updateMember(
          manager.organizationId,
          invited.id,
          {
            title: input.title,
            profile_picture_url: input.profile_picture_url,
            linkedin_url: input.linkedin_url,
            twitter_url: input.twitter_url,
            extra_data: input.extra_data,
            invited_event_id: input.event_id || undefined,
          },
          tx,
        );
        if (input.workspaces?.length)
          await setTeams(manager.organizationId, invited.id, input.workspaces, tx);
      });
      return detail(manager, await managedMember(manager, invited.id));
    },

    /** PATCH /api/core/user/{id}/: an admin changes a member (never their own role). */
    async update(caller: Caller, id: string, input: UpdateUserInput): Promise<OrganizationUserDetail> {
      const manager = requirePermission(caller, 'user:manage');
      const member = await managedMember(manager, id);
      if (input.role !== undefined && input.role !== member.role && member.id === manager.userId) {
        throw fieldError('role', userMessages.cannotChangeOwnRole, 'CANNOT_CHANGE_OWN_ROLE');
      }
      await checkTeams(manager.organizationId, input.workspaces);
      await db.transaction().execute(async (tx) => {
        const changed = await users.updateMember(
          manager.organizationId,
          member.id,
          {
            first_name: input.first_name,
            last_name: input.last_name,
            title: input.title,
            company: input.company,
            role: input.role,
          },
          tx,
        );
        if (!changed) throw notFound();
        if (input.workspaces) await setTeams(manager.organizationId, member.id, input.workspaces, tx);
      });
      return detail(manager, await managedMember(manager, member.id));
    },

    /** DELETE /api/core/user/{id}/: the member leaves the organisation and is signed out everywhere. */
    async remove(caller: Caller, id: string): Promise<void> {
      const manager = requirePermission(caller, 'user:manage');
      if (id === manager.userId)
        throw new HttpError(400, 'CANNOT_REMOVE_SELF', userMessages.cannotRemoveYourself);
      const member = await managedMember(manager, id);
      await db.transaction().execute(async (tx) => {
        for (const team of await workspaces.refsOfUser(member.id, tx))
          await workspaces.removeMember(team.id, member.id, tx);
        if (!(await users.removeFromOrganization(manager.organizationId, member.id, tx))) throw notFound();
        await deps.endSessions(member.id, tx);
      });
    },
  };
}

export type OrganizationUsersService = ReturnType<typeof createOrganizationUsersService>;

function toOrganizationUser(record: MemberRecord, teams: { id: string; name: string }[]): OrganizationUser {
  return {
    id: record.id,
    email: record.email,
    first_name: record.first_name,
    last_name: record.last_name,
    role: record.role,
    role_display: record.role ? (findRole(record.role)?.display_name ?? record.role) : null,
    company: record.company,
    title: record.title,
    profile_picture_url: record.profile_picture_url,
    linkedin_url: record.linkedin_url,
    twitter_url: record.twitter_url,
    workspaces: teams,
    status: toUserStatus(record.status),
    member_status: memberStatus(record.has_signed_in),
    email_verified: record.email_verified,
    created_at: record.created_at.toISOString(),
  };
}
