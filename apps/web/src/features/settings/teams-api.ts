import { pageSchema, workspaceMemberSchema, workspaceSchema } from '@studio/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { pageQuery } from '../../ui/list-page.ts';

/** The server's page size of the teams and members lists. */
export const TEAMS_PAGE_SIZE = 25;
export const MEMBERS_PAGE_SIZE = 25;

const workspacePageSchema = pageSchema(workspaceSchema);
const memberPageSchema = pageSchema(workspaceMemberSchema);

export interface TeamsListQuery {
  organizationId: string;
  search: string;
  page: number;
  pageSize?: number;
}

/** Spec 001 §7 "Workspaces": organization, show=all, search, ordering=name; limit/offset pages. */
export const teamsQuery = ({ organizationId, search, page, pageSize = TEAMS_PAGE_SIZE }: TeamsListQuery) =>
  queryOptions({
    queryKey: [...queryKeys.workspaces.all, organizationId, { search, page, pageSize }],
    queryFn: () => {
      const query = pageQuery(page, pageSize, {
        organization: organizationId,
        show: 'all',
        ordering: 'name',
        search: search.trim() || undefined,
      });
      return studioApi.request({
        method: 'GET',
        path: `/core/workspaces/?${query}`,
        schema: workspacePageSchema,
      });
    },
    placeholderData: keepPreviousData,
  });

export const teamMembersQuery = (workspaceId: string, page: number, pageSize = MEMBERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...queryKeys.workspaces.all, 'members', workspaceId, { page, pageSize }],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/core/workspaces/${workspaceId}/members/?limit=${pageSize}&offset=${(page - 1) * pageSize}`,
        schema: memberPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const createTeam = (name: string) =>
  studioApi.request({ method: 'POST', path: '/core/workspaces/', body: { name }, schema: workspaceSchema });

export const renameTeam = (id: string, name: string) =>
  studioApi.request({
    method: 'PATCH',
    path: `/core/workspaces/${id}/`,
    body: { name },
    schema: workspaceSchema,
  });

export const deleteTeam = (id: string) =>
  studioApi.request({ method: 'DELETE', path: `/core/workspaces/${id}/` });

export const addTeamMember = (workspaceId: string, userId: string) =>
  studioApi.request({
    method: 'POST',
    path: `/core/workspaces/${workspaceId}/members/`,
    body: { user_id: userId },
    schema: workspaceMemberSchema,
  });

export const removeTeamMember = (workspaceId: string, userId: string) =>
  studioApi.request({ method: 'DELETE', path: `/core/workspaces/${workspaceId}/members/${userId}/` });

// Mutation hooks: a team change shows in every team picker and in the caller's own teams.
const TEAM_QUERIES = [queryKeys.workspaces.all, queryKeys.currentUser];

/** Creates a team, or renames `team`; a refused name goes to the form (`onRefused`). */
export const useSaveTeam = (
  team: { id: string } | undefined,
  handlers: { onSaved: () => unknown; onRefused: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (name: string) => (team ? renameTeam(team.id, name) : createTeam(name)),
    successToast: team ? 'Team renamed.' : 'Team created.',
    invalidates: TEAM_QUERIES,
    onSuccess: handlers.onSaved,
    onFailure: handlers.onRefused,
  });

export const useDeleteTeam = (teamId: string, onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: () => deleteTeam(teamId),
    successToast: 'Team deleted.',
    invalidates: TEAM_QUERIES,
    onSuccess: onDeleted,
  });

export const useAddTeamMember = (teamId: string, onAdded: () => unknown) =>
  useStudioMutation({
    mutationFn: (userId: string) => addTeamMember(teamId, userId),
    successToast: 'Member added.',
    invalidates: TEAM_QUERIES,
    onSuccess: onAdded,
  });

export const useRemoveTeamMember = (teamId: string, onRemoved: () => unknown) =>
  useStudioMutation({
    mutationFn: (member: { id: string }) => removeTeamMember(teamId, member.id),
    successToast: 'Member removed.',
    invalidates: TEAM_QUERIES,
    onSuccess: onRemoved,
  });
