import {
  canRescheduleAnswerSchema,
  duplicateEventAnswerSchema,
  eventMessages,
  eventSchema,
  eventSummarySchema,
  listedEventSchema,
  pageSchema,
  recordingVideoMessages,
  rescheduleAnswerSchema,
  sendCalendarInvitesAnswerSchema,
  templateSchema,
  workflowStatusSchema,
  type DuplicateEventAnswer,
  type SendCalendarInvitesRequest,
  type StudioEvent,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../api/list-page-query.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { eventQuery } from '../../api/studio-event.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** Every cached event list and event sits under this key. */
export const EVENTS_KEY = queryKeys.events.all[0];

/** The events list's rows: events with their registrant counts (absent with the not-use-registrant-counts flag). */
const eventPageSchema = pageSchema(listedEventSchema);

const eventPath = (id: string) => `/event/${encodeURIComponent(id)}/`;

/** GET /api/event/ with the list's query. */
export const fetchEventPage = (params: URLSearchParams) =>
  studioApi.request({ method: 'GET', path: `/event/?${params}`, schema: eventPageSchema });

export const eventListQuery = (params: URLSearchParams) =>
  listPageQuery([EVENTS_KEY], params, fetchEventPage);

export const useEventList = (params: URLSearchParams) => useQuery(eventListQuery(params));

export const useEvent = (id: string) => useQuery(eventQuery(id));

/** GET /api/event/{id}/summary/: the dashboard's figures (sessions, speakers, registrants, videos in use). */
export const useEventSummary = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: [...queryKeys.events.one(id), 'summary'],
      queryFn: () =>
        studioApi.request({ method: 'GET', path: `${eventPath(id)}summary/`, schema: eventSummarySchema }),
    }),
  );

/** What the create and edit forms send (instants as ISO strings with their zone). */
export interface EventFields {
  title: string;
  event_type: StudioEvent['event_type'];
  host_type: StudioEvent['host_type'];
  location?: string | null;
  description: string | null;
  start_time: string;
  end_time: string;
  timezone: string;
  series: string | null;
  tags: string[];
  workspace?: string | null;
  organization?: string;
  /** The buffer video: a recording's video, chosen on its page. */
  stage_roll_video_asset?: string | null;
}

export const createEvent = (fields: EventFields) =>
  studioApi.request({ method: 'POST', path: '/event/', body: fields, schema: eventSchema });

export const updateEvent = (id: string, fields: Partial<EventFields>) =>
  studioApi.request({ method: 'PATCH', path: eventPath(id), body: fields, schema: eventSchema });

export const deleteEvent = (id: string) => studioApi.request({ method: 'DELETE', path: eventPath(id) });

/** The copy's title and, unless it keeps the event's, its schedule. */
export type DuplicateEventBody = Pick<EventFields, 'title'> &
  Partial<Pick<EventFields, 'start_time' | 'end_time' | 'timezone'>>;

export const duplicateEvent = (id: string, body: DuplicateEventBody) =>
  studioApi.request({
    method: 'POST',
    path: `${eventPath(id)}duplicate/`,
    body,
    schema: duplicateEventAnswerSchema,
  });

export const fetchCanReschedule = (id: string) =>
  studioApi.request({
    method: 'GET',
    path: `${eventPath(id)}can_reschedule/`,
    schema: canRescheduleAnswerSchema,
  });

export const rescheduleEvent = (
  id: string,
  body: { start_time: string; end_time: string; timezone: string },
) =>
  studioApi.request({
    method: 'POST',
    path: `${eventPath(id)}reschedule/`,
    body,
    schema: rescheduleAnswerSchema,
  });

export const sendCalendarInvites = (id: string, body: SendCalendarInvitesRequest) =>
  studioApi.request({
    method: 'POST',
    path: `${eventPath(id)}send_calendar_invites/`,
    body,
    schema: sendCalendarInvitesAnswerSchema,
  });

/** POST /api/event/studio-templates/create_from_event/: the event's settings as a new template. */
export const saveEventAsTemplate = (eventId: string, title: string) =>
  studioApi.request({
    method: 'POST',
    path: '/event/studio-templates/create_from_event/',
    body: { event: eventId, title },
    schema: templateSchema,
  });

/** GET /api/core/workflows/{id}/ (spec 000 §4). */
export const fetchWorkflow = (id: string) =>
  studioApi.request({
    method: 'GET',
    path: `/core/workflows/${encodeURIComponent(id)}/`,
    schema: workflowStatusSchema,
  });

// Mutation hooks: the spec's toasts and the refreshes live here; screens say what happens next.

export const useCreateEvent = (onCreated: (event: StudioEvent) => unknown) =>
  useStudioMutation({ mutationFn: createEvent, invalidates: [queryKeys.events.all], onSuccess: onCreated });

export const useUpdateEvent = (id: string, onSaved: () => unknown) =>
  useStudioMutation({
    mutationFn: (fields: Partial<EventFields>) => updateEvent(id, fields),
    successToast: 'Event updated successfully.',
    invalidates: [queryKeys.events.all],
    onSuccess: onSaved,
  });

/** A recording's video (its buffer video: what its stage and on-demand page play); null removes it. */
export const useRecordingVideo = (id: string) =>
  useStudioMutation({
    mutationFn: (videoId: string | null) => updateEvent(id, { stage_roll_video_asset: videoId }),
    successToast: recordingVideoMessages.saved,
    invalidates: [queryKeys.events.all],
  });

export const useRescheduleEvent = (id: string, onRescheduled: () => unknown) =>
  useStudioMutation({
    mutationFn: (schedule: { start_time: string; end_time: string; timezone: string }) =>
      rescheduleEvent(id, schedule),
    successToast: eventMessages.eventRescheduled,
    invalidates: [queryKeys.events.all],
    onSuccess: onRescheduled,
  });

export const useDuplicateEvent = (
  id: string,
  options: { onStarted: (answer: DuplicateEventAnswer) => unknown; onFailure: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (body: DuplicateEventBody) => duplicateEvent(id, body),
    onSuccess: options.onStarted,
    onFailure: options.onFailure,
  });

export const useSendCalendarInvites = (id: string, onSent: () => unknown) =>
  useStudioMutation({
    mutationFn: (body: SendCalendarInvitesRequest) => sendCalendarInvites(id, body),
    onSuccess: onSent,
    successToast: (answer) =>
      `Calendar invites sent: ${answer.sent} sent, ${answer.skipped} skipped, ${answer.failed} failed.`,
  });

export const useSaveEventAsTemplate = (
  event: Pick<StudioEvent, 'id' | 'title'>,
  onSaved: (template: { id: string; title: string }) => unknown,
) =>
  useStudioMutation({
    mutationFn: () => saveEventAsTemplate(event.id, event.title),
    successToast: 'Template created successfully.',
    invalidates: [queryKeys.templates.all],
    onSuccess: onSaved,
  });

export const useDeleteEvent = (id: string, onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: () => deleteEvent(id),
    successToast: eventMessages.eventDeleted,
    // Its read, summary and every other read of it: none is asked again (each would answer 404).
    removes: () => [queryKeys.events.one(id)],
    invalidates: [queryKeys.events.all],
    onSuccess: onDeleted,
  });
