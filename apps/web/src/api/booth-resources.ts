import { boothResourceSchema, type BoothResource, type CreateBoothResource } from '@studio/domain';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';
import { useStudioMutation } from './studio-mutation.ts';

/** A booth's resources, added and deleted alike by the booth's drawer and by its sponsor's page. */
export const useAddBoothResource = () =>
  useStudioMutation({
    mutationFn: (resource: CreateBoothResource) =>
      studioApi.request({
        method: 'POST',
        path: '/event/booth-resources/',
        body: resource,
        schema: boothResourceSchema,
      }),
    successToast: 'Resource added successfully.',
    invalidates: [queryKeys.booths.all],
  });

export const useDeleteBoothResource = () =>
  useStudioMutation({
    mutationFn: (resource: BoothResource) =>
      studioApi.request({
        method: 'DELETE',
        path: `/event/booth-resources/${encodeURIComponent(resource.id)}/`,
      }),
    successToast: 'Resource deleted successfully.',
    invalidates: [queryKeys.booths.all],
  });
