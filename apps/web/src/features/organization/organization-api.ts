import { organizationDetailSchema } from '@studio/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

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

/** Creates the person's organisation; a refused name goes to the form (`onRefused`). */
export const useCreateOrganization = (handlers: {
  onCreated: () => unknown;
  onRefused: (error: unknown) => void;
}) => {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: (name: string) => createOrganization(queryClient, name),
    onSuccess: handlers.onCreated,
    onFailure: handlers.onRefused,
  });
};
