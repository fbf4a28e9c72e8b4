import {
  brandingMessages,
  eventAppSettingsSchema,
  type EventAppSettings,
  type EventAppSettingsPatch,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const settingsPath = (eventId: string) => `/event/${encodeURIComponent(eventId)}/event_app_settings/`;
const settingsKey = (eventId: string) => ['event-app-settings', eventId] as const;

/** GET /api/event/{id}/event_app_settings/ */
export const eventAppSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: settingsKey(eventId),
    queryFn: (): Promise<EventAppSettings> =>
      studioApi.request({ method: 'GET', path: settingsPath(eventId), schema: eventAppSettingsSchema }),
  });
export const useEventAppSettings = (eventId: string) => useQuery(eventAppSettingsQuery(eventId));

/** PATCH the changed settings: the branding editor's toasts (002 §8.1). */
export function useSaveEventAppSettings(eventId: string) {
  return useStudioMutation({
    mutationFn: (patch: EventAppSettingsPatch) =>
      studioApi.request({
        method: 'PATCH',
        path: settingsPath(eventId),
        body: patch,
        schema: eventAppSettingsSchema,
      }),
    invalidates: [settingsKey(eventId)],
    successToast: brandingMessages.saved,
    failureToast: brandingMessages.updateFailed,
  });
}
