import {
  attendeeLinksSchema,
  bulkModerationAnswerSchema,
  bulkModerationFailure,
  EVENT_MEMBERS_PAGE_SIZE,
  EVENT_USER_STATUS_LABELS,
  eventMemberPageSchema,
  eventMemberSchema,
  eventSchema,
  flatFileSubmitAnswerSchema,
  flatFileValidationSchema,
  memberStatusChanged,
  REGISTRATION_TOAST_MS,
  registrationMessages,
  type BulkModeration,
  type BulkModerationAction,
  type EventMember,
  type EventUserStatus,
  type RegistrantListAddress,
  type RegistrationAnswers,
} from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError } from '../../api/api-error.ts';
import { listPageQuery } from '../../api/list-page-query.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { showToast } from '../../ui/toast.ts';

const eventPath = (eventId: string) => `/event/${encodeURIComponent(eventId)}/`;
const membersOf = (eventId: string) => queryKeys.registrants.of(eventId);

// ----- The event ---------------------------------------------------------------------------------

/** What the registrants page reads of its event: its kind, and the registration form it asks. */
export const registrationEventSchema = eventSchema.pick({
  id: true,
  title: true,
  organization: true,
  host_type: true,
  event_type: true,
  registration_form_data: true,
});
export type RegistrationEvent = z.infer<typeof registrationEventSchema>;

/** GET /api/event/{id}/, filed with the events so every event screen refreshes together. */
export const registrationEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.events.one(eventId), 'registration'],
    queryFn: () =>
      studioApi.request({ method: 'GET', path: eventPath(eventId), schema: registrationEventSchema }),
  });

// ----- Members ----------------------------------------------------------------------------------

/** The members call's query for a list address (also the export's filters). */
export function memberFilters(eventId: string, address: RegistrantListAddress) {
  const params = new URLSearchParams({ event: eventId });
  if (address.search) params.set('search', address.search);
  if (address.status.length > 0) params.set('event_user_status', address.status.join(','));
  return params;
}

/** GET /api/event/event-members/?event= — 20 a page (001 §9). */
export const eventMembersQuery = (eventId: string, address: RegistrantListAddress) => {
  const params = memberFilters(eventId, address);
  params.set('limit', String(EVENT_MEMBERS_PAGE_SIZE));
  params.set('offset', String((address.page - 1) * EVENT_MEMBERS_PAGE_SIZE));
  return listPageQuery(membersOf(eventId), params, () =>
    studioApi.request({
      method: 'GET',
      path: `/event/event-members/?${params.toString()}`,
      schema: eventMemberPageSchema,
    }),
  );
};

/** PATCH /api/event/event-members/{id}/ `{event_user_status}`: approve, promote, reject, cancel, attended. */
export const useChangeMemberStatus = (eventId: string) =>
  useStudioMutation({
    mutationFn: ({ member, to }: { member: EventMember; to: EventUserStatus }) =>
      studioApi.request({
        method: 'PATCH',
        path: `/event/event-members/${encodeURIComponent(member.id)}/`,
        body: { event_user_status: to },
        schema: eventMemberSchema,
      }),
    successToast: (_answer, { member, to }) =>
      memberStatusChanged(member.full_name || member.email, EVENT_USER_STATUS_LABELS[to]),
    invalidates: [membersOf(eventId)],
  });

export interface NewRegistrant {
  /** The person's company and title when the form asks none (else they are among the answers). */
  company: string;
  title: string;
  /** The event's registration form, or null: the base fields only. */
  form_id: string | null;
  /** The form's answers, the base fields with them, as checked by the form's rules. */
  answers: RegistrationAnswers;
}

/**
 * POST /api/event/event-members/ `{event, form_id, email, first_name, last_name, company, title,
 * answers}` (202: a job registers them) → the spec's toast, for 20000 ms.
 */
export const useAddRegistrant = (
  eventId: string,
  onAdded: () => unknown,
  onFailure: (error: unknown) => void,
) =>
  useStudioMutation({
    mutationFn: ({ company, title, form_id, answers }: NewRegistrant) => {
      const { email, first_name, last_name, ...formAnswers } = answers;
      return studioApi.request({
        method: 'POST',
        path: '/event/event-members/',
        body: {
          event: eventId,
          form_id,
          email,
          first_name,
          last_name,
          ...(company ? { company } : {}),
          ...(title ? { title } : {}),
          answers: formAnswers,
        },
      });
    },
    onSuccess: () => {
      showToast(registrationMessages.registeredByHand, 'success', REGISTRATION_TOAST_MS);
      return onAdded();
    },
    invalidates: [membersOf(eventId)],
    onFailure,
  });

// ----- Bulk moderation (002 §4.9, §8.10) ---------------------------------------------------------

const bulkPaths: Record<BulkModerationAction, string> = {
  block: 'bulk_block/',
  unblock: 'bulk_unblock/',
  delete: 'bulk_delete/',
};
const bulkDone: Record<BulkModerationAction, (count: number) => string> = {
  block: (count) => `${count} registrant${count === 1 ? '' : 's'} blocked.`,
  unblock: (count) => `${count} registrant${count === 1 ? '' : 's'} unblocked.`,
  delete: (count) => `${count} registrant${count === 1 ? '' : 's'} deleted.`,
};

/** The server's own text of a failure, when its answer carried one. */
const serverDetail = (error: ApiRequestError) => {
  const body = error.body;
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : null;
};

export const useBulkModeration = (eventId: string, onDone: () => unknown) =>
  useStudioMutation({
    mutationFn: ({ action, body }: { action: BulkModerationAction; body: BulkModeration }) =>
      studioApi.request({
        method: 'POST',
        path: `${eventPath(eventId)}${bulkPaths[action]}`,
        body,
        schema: bulkModerationAnswerSchema,
      }),
    successToast: ({ count }, { action }) => bulkDone[action](count),
    failureToast: (error, { action }) =>
      bulkModerationFailure(
        action,
        error instanceof ApiRequestError ? { detail: serverDetail(error) } : null,
      ),
    invalidates: [membersOf(eventId)],
    onSuccess: onDone,
  });

// ----- Export, import -----------------------------------------------------------------------------

/** GET /api/event/event-members/export/?event=&… — the filtered list as CSV, with the bearer token. */
export const downloadRegistrants = (eventId: string, address: RegistrantListAddress) =>
  studioApi.download({
    method: 'GET',
    path: `/event/event-members/export/?${memberFilters(eventId, address).toString()}`,
  });

/** POST /api/event/{id}/flat_file/validate/ (multipart, the CSV as `file`). */
export const useValidateFlatFile = (eventId: string) =>
  useStudioMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return studioApi.request({
        method: 'POST',
        path: `${eventPath(eventId)}flat_file/validate/`,
        body: form,
        schema: flatFileValidationSchema,
      });
    },
    failureToast: registrationMessages.flatFileValidationFailed,
  });

/** POST /api/event/{id}/flat_file/submit/ `{sheet_id}`: every valid row is registered. */
export const useSubmitFlatFile = (eventId: string) =>
  useStudioMutation({
    mutationFn: (sheetId: string) =>
      studioApi.request({
        method: 'POST',
        path: `${eventPath(eventId)}flat_file/submit/`,
        body: { sheet_id: sheetId },
        schema: flatFileSubmitAnswerSchema,
      }),
    failureToast: registrationMessages.anErrorOccurred,
    invalidates: [membersOf(eventId)],
  });

// ----- The attendee origin ------------------------------------------------------------------------

/** GET /api/event/{id}/attendee_links/: the public registration page's address. */
export const attendeeLinksQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...membersOf(eventId), 'attendee-links'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${eventPath(eventId)}attendee_links/`,
        schema: attendeeLinksSchema,
      }),
    retry: false,
    staleTime: 300_000,
  });
