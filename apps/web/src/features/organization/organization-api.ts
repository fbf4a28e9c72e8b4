import { organizationDetailSchema } from '@studio/domain';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';
import { studioApi } from '../../api/studio-api.ts';

/** Creates the caller's organisation; the caller becomes its admin. */
export async function createOrganization(queryClient: QueryClient, name: string) {
  const organization = await studioApi.request({
    method: 'POST',
    path: '/core/organization/',
    body: { name },
    schema: organizationDetailSchema,
  });
  queryClient.setQueryData(organizationQuery(organization.id).queryKey, organization);
  // The user now belongs to it; the guard reads that from a fresh /me.
  await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  return organization;
}
