import {
  ROLES_PAGE_SIZE,
  attendeeCountSchema,
  organizationDetailSchema,
  pageSchema,
  roleSchema,
  ssoSettingsSchema,
  type OrganizationDetail,
  type Role,
  type RoleRealm,
  type SsoSettingsUpdate,
  type UpdateOrganizationRequest,
} from '@studio/domain';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { organizationQuery } from '../../api/identity.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** PATCH /api/core/organization/{id}/ with only what changed; the cache takes the answer. */
export async function updateOrganization(
  queryClient: QueryClient,
  organizationId: string,
  changes: Partial<UpdateOrganizationRequest>,
): Promise<OrganizationDetail> {
  const organization = await studioApi.request({
    method: 'PATCH',
    path: `/core/organization/${organizationId}/`,
    body: changes,
    schema: organizationDetailSchema,
  });
  queryClient.setQueryData(organizationQuery(organizationId).queryKey, organization);
  return organization;
}

/** 002 §3.14: the contract's attendee count (people who attended) against its allowance. */
export const attendeeCountQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['organization', organizationId, 'attendee-count'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/core/organization/${organizationId}/attendee_count/`,
        schema: attendeeCountSchema,
      }),
  });

export const ssoSettingsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['organization', organizationId, 'sso'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/core/organization/${organizationId}/sso/`,
        schema: ssoSettingsSchema,
      }),
  });

/** The client secret is write-only: left out, the stored one is kept. */
export const saveSsoSettings = (
  organizationId: string,
  settings: Omit<SsoSettingsUpdate, 'client_secret'> & { client_secret?: string },
) =>
  studioApi.request({
    method: 'PUT',
    path: `/core/organization/${organizationId}/sso/`,
    body: settings,
    schema: ssoSettingsSchema,
  });

const rolePageSchema = pageSchema(roleSchema);

/** Spec 001 §7: roles are read 50 at a time until `next` is empty, then grouped by realm. */
export const rolesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.roles.of(organizationId),
    queryFn: async () => {
      const roles: Role[] = [];
      for (let offset = 0; ; offset += ROLES_PAGE_SIZE) {
        const page = await studioApi.request({
          method: 'GET',
          path: `/core/roles/?limit=${ROLES_PAGE_SIZE}&offset=${offset}`,
          schema: rolePageSchema,
        });
        roles.push(...page.results);
        if (!page.next || page.results.length === 0) break;
      }
      return roles;
    },
    staleTime: 5 * 60_000,
  });

export function rolesByRealm(roles: readonly Role[]): Map<RoleRealm, Role[]> {
  const grouped = new Map<RoleRealm, Role[]>();
  for (const role of roles) grouped.set(role.realm, [...(grouped.get(role.realm) ?? []), role]);
  return grouped;
}

// Mutation hooks: the cache takes each answer; a refused form keeps the server's field errors
// in the mutation's error (shown by the form), without a toast.

export const useUpdateOrganization = (
  organizationId: string,
  onSaved: (saved: OrganizationDetail) => unknown,
) => {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: (changes: Partial<UpdateOrganizationRequest>) =>
      updateOrganization(queryClient, organizationId, changes),
    successToast: 'Organization settings saved.',
    onSuccess: onSaved,
    onFailure: () => undefined,
  });
};

/** Saves the SSO provider; the server's field errors go to the form (`onRefused`). */
export const useSaveSsoSettings = (organizationId: string, onRefused: (error: unknown) => void) => {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: (settings: Parameters<typeof saveSsoSettings>[1]) =>
      saveSsoSettings(organizationId, settings),
    successToast: 'Single sign-on settings saved.',
    onSuccess: (answer) => queryClient.setQueryData(ssoSettingsQuery(organizationId).queryKey, answer),
    onFailure: onRefused,
  });
};
