import {
  registrantActivityEnabledSchema,
  registrantActivityMessages,
  registrantActivityUrlSchema,
  registrantProfileSchema,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const base = '/core/registrant_activity_url/';
const KEY = 'registrant-activity';

/** GET …/is_enabled/?short_url, then …/registrant_profile/ with the organisation it answered (no sign-in). */
export const registrantActivityQuery = (shortUrl: string) =>
  queryOptions({
    queryKey: [KEY, shortUrl],
    queryFn: async () => {
      const short = encodeURIComponent(shortUrl);
      const enabled = await studioApi.request({
        method: 'GET',
        path: `${base}is_enabled/?short_url=${short}`,
        schema: registrantActivityEnabledSchema,
      });
      if (!enabled.is_enabled || !enabled.organization_id) return null;
      return studioApi.request({
        method: 'GET',
        path: `${base}registrant_profile/?short_url=${short}&organization_id=${encodeURIComponent(enabled.organization_id)}`,
        schema: registrantProfileSchema,
      });
    },
    retry: false,
  });
export const useRegistrantActivity = (shortUrl: string) =>
  useQuery({ ...registrantActivityQuery(shortUrl), enabled: shortUrl !== '' });

/** POST …: the registrant's activity link, copied for the organiser to share. */
export function useCopyActivityLink() {
  return useStudioMutation({
    mutationFn: async (user: string) => {
      const link = await studioApi.request({
        method: 'POST',
        path: base,
        body: { user },
        schema: registrantActivityUrlSchema,
      });
      await navigator.clipboard.writeText(link.url);
      return link;
    },
    successToast: registrantActivityMessages.linkCopied,
  });
}

/** DELETE …?user: the registrant's activity link stops opening (the next one copied is new). */
export const useRevokeActivityLink = () =>
  useStudioMutation({
    mutationFn: (user: string) =>
      studioApi.request({ method: 'DELETE', path: `${base}?${new URLSearchParams({ user })}` }),
    successToast: registrantActivityMessages.linkRevoked,
  });
