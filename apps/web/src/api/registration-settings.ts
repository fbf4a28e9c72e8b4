import { eventRegistrationSettingsSchema, type EventRegistrationSettings } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';
import { useStudioMutation } from './studio-mutation.ts';

const settingsPath = (eventId: string) => `/event/${encodeURIComponent(eventId)}/registration_settings/`;

/**
 * GET /api/event/{id}/registration_settings/: seats, waitlist and approval mode, kept by the
 * registration area; filed with the event's registrants, whose counts and moderation read them.
 */
export const registrationSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.registrants.of(eventId), 'settings'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: settingsPath(eventId),
        schema: eventRegistrationSettingsSchema,
      }),
  });

/** PATCH of the settings: more seats promote the waitlist, so the registrants refresh too. */
export const useSaveRegistrationSettings = (eventId: string) =>
  useStudioMutation({
    mutationFn: (settings: EventRegistrationSettings) =>
      studioApi.request({
        method: 'PATCH',
        path: settingsPath(eventId),
        body: settings,
        schema: eventRegistrationSettingsSchema,
      }),
    successToast: 'Registration settings saved.',
    invalidates: [queryKeys.registrants.of(eventId)],
  });
