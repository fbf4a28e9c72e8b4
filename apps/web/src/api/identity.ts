import {
  loginResponseSchema,
  organizationDetailSchema,
  permissionAnswerSchema,
  currentUserSchema,
} from '@studio/domain';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { localSession } from './local-session.ts';
import { studioApi } from './studio-api.ts';

/** The signed-in user (GET /api/core/user/me/); kept on the device as the user state. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: async () => {
    const user = await studioApi.request({
      method: 'GET',
      path: '/core/user/me/',
      schema: currentUserSchema,
    });
    localSession.rememberUser(user);
    return user;
  },
  staleTime: 60_000,
});

/** The organisation with its feature flags and plan (GET /api/core/organization/{id}/). */
export const organizationQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.organization(organizationId),
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/core/organization/${organizationId}/`,
        schema: organizationDetailSchema,
      }),
    staleTime: 60_000,
  });

/**
 * The signed-in user, their organisation's id ('' before they have one) and its details, as the
 * studio's pages read them (suspends until both are known).
 */
export function useSignedInOrganization() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const organizationId = user.organization ?? '';
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationId));
  return { user, organizationId, organization };
}

/**
 * Spec 001 §6/§7: the caller's permission list, realm studio_app in the organisation's context;
 * the first element of the answer is the one used.
 */
export const permissionsQuery = (userId: string, organizationId: string) =>
  queryOptions({
    queryKey: ['permissions', userId, organizationId],
    queryFn: async () => {
      const answer = await studioApi.request({
        method: 'POST',
        path: '/core/permissions/',
        body: { realm: 'studio_app', requester_id: userId, context: { organization: organizationId } },
        schema: permissionAnswerSchema,
      });
      return answer[0]?.permission_list ?? [];
    },
    staleTime: 60_000,
  });

/**
 * Sets the signed-in person's password (POST /api/auth/password/); the current one is needed
 * unless the change is forced. The server ends the other sessions and answers new tokens.
 */
export const setPassword = (body: { password: string; current_password?: string }) =>
  studioApi.request({ method: 'POST', path: '/auth/password/', body, schema: loginResponseSchema });
