import {
  broadcastSpeakerSchema,
  eventRolePageSchema,
  eventRoleSchema,
  EVENT_ROLES,
  listAddressFields,
  PROGRAMME_PAGE_LIMIT,
  SPEAKERS_PAGE_SIZE,
  type BroadcastSpeaker,
  type EventRoleAnswer,
  type UpdateEventRole,
} from '@studio/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';
import { useStudioMutation } from './studio-mutation.ts';

/**
 * The speakers page's address: one page of an event's speakers by rank (25 a page), optionally
 * searched and of some companies only.
 */
export const speakerListAddressSchema = z.object({
  search: listAddressFields.text,
  page: listAddressFields.page,
  companies: listAddressFields.textList,
});
export type SpeakerListAddress = z.infer<typeof speakerListAddressSchema>;

const speakersPath = (
  eventId: string,
  limit: number,
  offset: number,
  { search, companies }: Pick<SpeakerListAddress, 'search' | 'companies'>,
) => {
  const query = new URLSearchParams({
    event: eventId,
    role: String(EVENT_ROLES.SPEAKER),
    limit: String(limit),
    offset: String(offset),
    ordering: 'rank',
  });
  if (search.trim()) query.set('search', search.trim());
  if (companies.length > 0) query.set('company__in', companies.join(','));
  return `/event/event-roles/?${query.toString()}`;
};

/** GET /api/event/event-roles/?event=&role=4&limit=25&offset=&ordering=rank&search=&company__in= */
export const speakersQuery = (eventId: string, address: SpeakerListAddress) =>
  queryOptions({
    queryKey: [
      ...queryKeys.people.of(eventId),
      'speakers',
      address.search,
      address.page,
      [...address.companies],
    ],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: speakersPath(eventId, SPEAKERS_PAGE_SIZE, (address.page - 1) * SPEAKERS_PAGE_SIZE, address),
        schema: eventRolePageSchema,
      }),
    placeholderData: keepPreviousData,
  });

/** Every speaker of the event up to the programme's ceiling, for a session's picker. */
export const eventSpeakersQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.people.of(eventId), 'speakers', 'all'],
    queryFn: async () =>
      (
        await studioApi.request({
          method: 'GET',
          path: speakersPath(eventId, PROGRAMME_PAGE_LIMIT, 0, { search: '', companies: [] }),
          schema: eventRolePageSchema,
        })
      ).results,
  });

/** The speakers a session answer carries (`speakers` of a broadcast), by rank. */
export function sessionSpeakers(broadcast: { speakers: unknown[] }): BroadcastSpeaker[] {
  const parsed = z.array(broadcastSpeakerSchema).safeParse(broadcast.speakers);
  return parsed.success ? [...parsed.data].sort((a, b) => a.rank - b.rank) : [];
}

/** What joining or leaving one session changes of a speaker (a session left keeps no role there). */
export function sessionsChange(speaker: EventRoleAnswer, sessionId: string, join: boolean): UpdateEventRole {
  if (join) return { broadcasts: [...new Set([...speaker.broadcasts, sessionId])] };
  return {
    broadcasts: speaker.broadcasts.filter((id) => id !== sessionId),
    permission_roles: speaker.permission_roles
      .map((entry) => ({ ...entry, broadcasts: entry.broadcasts.filter((id) => id !== sessionId) }))
      .filter((entry) => entry.broadcasts.length > 0),
  };
}

/** PATCH /api/event/event-roles/{id}/: hidden, sessions, roles. Refreshes the people and the sessions that show them. */
export const useUpdateEventRole = (
  eventId: string,
  options: { successToast?: string; onSuccess?: () => unknown; onFailure?: (error: unknown) => void } = {},
) =>
  useStudioMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEventRole }) =>
      studioApi.request({
        method: 'PATCH',
        path: `/event/event-roles/${encodeURIComponent(id)}/`,
        body,
        schema: eventRoleSchema,
      }),
    invalidates: [queryKeys.people.of(eventId), queryKeys.agenda.of(eventId)],
    ...options,
  });
