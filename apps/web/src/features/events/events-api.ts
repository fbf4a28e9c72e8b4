import {
  canRescheduleAnswerSchema,
  duplicateEventAnswerSchema,
  eventSchema,
  pageSchema,
  rescheduleAnswerSchema,
  sendCalendarInvitesAnswerSchema,
  seriesMinimalSchema,
  tagRefSchema,
  templateSchema,
  workflowStatusSchema,
  workspaceSchema,
  type StudioEvent,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';

/** Every cached event list and event sits under this key. */
export const EVENTS_KEY = 'events';

const eventPageSchema = pageSchema(eventSchema);
const seriesPageSchema = pageSchema(seriesMinimalSchema);
const tagPageSchema = pageSchema(tagRefSchema);
const workspacePageSchema = pageSchema(workspaceSchema);

const eventPath = (id: string) => `/event/${encodeURIComponent(id)}/`;

/** GET /api/event/ with the list's query. */
export const fetchEventPage = (params: URLSearchParams) =>
  studioApi.request({ method: 'GET', path: `/event/?${params}`, schema: eventPageSchema });

export const eventListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [EVENTS_KEY, 'list', params.toString()],
    queryFn: () => fetchEventPage(params),
    placeholderData: keepPreviousData,
  });

export const useEventList = (params: URLSearchParams) => useQuery(eventListQuery(params));

/** GET /api/event/{id}/?get_metadata=true */
export const fetchEvent = (id: string) =>
  studioApi.request({ method: 'GET', path: `${eventPath(id)}?get_metadata=true`, schema: eventSchema });

export const eventQuery = (id: string) =>
  queryOptions({ queryKey: [EVENTS_KEY, 'one', id], queryFn: () => fetchEvent(id), retry: false });

export const useEvent = (id: string) => useQuery(eventQuery(id));

/** What the create and edit forms send (instants as ISO strings with their zone). */
export interface EventFields {
  title: string;
  event_type: StudioEvent['event_type'];
  host_type: StudioEvent['host_type'];
  start_time: string;
  end_time: string;
  timezone: string;
  series: string | null;
  tags: string[];
  workspace?: string | null;
  organization?: string;
}

export const createEvent = (fields: EventFields) =>
  studioApi.request({ method: 'POST', path: '/event/', body: fields, schema: eventSchema });

export const updateEvent = (id: string, fields: Partial<EventFields>) =>
  studioApi.request({ method: 'PATCH', path: eventPath(id), body: fields, schema: eventSchema });

export const deleteEvent = (id: string) => studioApi.request({ method: 'DELETE', path: eventPath(id) });

export const duplicateEvent = (id: string, body: { title?: string } = {}) =>
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

export const sendCalendarInvites = (id: string) =>
  studioApi.request({
    method: 'POST',
    path: `${eventPath(id)}send_calendar_invites/`,
    body: { forced: false, only_attendees: false },
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

export interface Option {
  value: string;
  label: string;
}

/** The organisation's series for pickers and the series filter. */
export const seriesOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [EVENTS_KEY, 'series-options', organizationId],
    queryFn: async (): Promise<Option[]> => {
      const params = new URLSearchParams({
        organization: organizationId,
        limit: '1000',
        min: 'true',
        ordering: 'name',
      });
      const page = await studioApi.request({
        method: 'GET',
        path: `/event/series/?${params}`,
        schema: seriesPageSchema,
      });
      return page.results.map((series) => ({ value: series.id, label: series.name }));
    },
    staleTime: 30_000,
  });

export const useSeriesOptions = (organizationId: string) => useQuery(seriesOptionsQuery(organizationId));

/** The tag library, for pickers and the tag filter. */
export const tagOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [EVENTS_KEY, 'tag-options', organizationId],
    queryFn: async (): Promise<Option[]> => {
      const page = await studioApi.request({
        method: 'GET',
        path: `/core/tags/?organization=${encodeURIComponent(organizationId)}&limit=1000`,
        schema: tagPageSchema,
      });
      return page.results.map((tag) => ({ value: tag.id, label: tag.tag_name }));
    },
    staleTime: 30_000,
  });

export const useTagOptions = (organizationId: string) => useQuery(tagOptionsQuery(organizationId));

/** The caller's team workspaces (spec 000 §7 "Team workspaces", show=mine). */
export const workspaceOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [EVENTS_KEY, 'workspace-options', organizationId],
    queryFn: async (): Promise<Option[]> => {
      const page = await studioApi.request({
        method: 'GET',
        path: `/core/workspaces/?organization=${encodeURIComponent(organizationId)}&show=mine&limit=1000`,
        schema: workspacePageSchema,
      });
      return page.results.map((workspace) => ({ value: workspace.id, label: workspace.name }));
    },
    staleTime: 60_000,
  });

export const useWorkspaceOptions = (organizationId: string, enabled: boolean) =>
  useQuery({ ...workspaceOptionsQuery(organizationId), enabled });
