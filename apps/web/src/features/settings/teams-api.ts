import { pageSchema, workspaceMemberSchema, workspaceSchema } from '@studio/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';

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
      const query = new URLSearchParams({
        organization: organizationId,
        show: 'all',
        ordering: 'name',
        limit: String(pageSize),
        offset: String((page - 1) * pageSize),
      });
      if (search.trim()) query.set('search', search.trim());
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
