import { currentUserSchema, organizationSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { localSession } from './local-session.ts';
import { studioApi } from './studio-api.ts';

/** The signed-in user (GET /api/core/user/me/); kept on the device as the user state. */
export const currentUserQuery = queryOptions({
  queryKey: ['current-user'],
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

export const organizationQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['organization', organizationId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/core/organization/${organizationId}/`,
        schema: organizationSchema,
      }),
    staleTime: 60_000,
  });
