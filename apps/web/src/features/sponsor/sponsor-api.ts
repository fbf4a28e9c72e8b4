import { boothSchema, type Booth, type SponsorBoothUpdate } from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const sponsorPath = (boothId: string) => `/event/booths/${encodeURIComponent(boothId)}/sponsor/`;

/** GET /api/event/booths/{id}/sponsor/: the sponsor's own booth. */
export const sponsorBoothQuery = (boothId: string) =>
  queryOptions({
    queryKey: [queryKeys.booths.all[0], 'sponsor', boothId],
    queryFn: () => studioApi.request({ method: 'GET', path: sponsorPath(boothId), schema: boothSchema }),
    retry: false,
  });
export const useSponsorBooth = (boothId: string) => useQuery(sponsorBoothQuery(boothId));

export const useUpdateSponsorBooth = (
  boothId: string,
  onFailure: (error: unknown) => void,
  onSaved: (booth: Booth) => void,
) =>
  useStudioMutation({
    mutationFn: (changes: SponsorBoothUpdate) =>
      studioApi.request({ method: 'PATCH', path: sponsorPath(boothId), body: changes, schema: boothSchema }),
    successToast: 'Booth updated successfully.',
    onFailure,
    invalidates: [queryKeys.booths.all],
    onSuccess: onSaved,
  });
