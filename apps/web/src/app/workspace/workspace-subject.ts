import {
  eventBadge,
  eventWorkspace,
  seriesTimeStatus,
  type EventTimeBadge,
  type HostType,
  type WorkspaceKind,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { eventQuery } from '../../api/studio-event.ts';
import { seriesQuery } from '../../features/series/series-api.ts';
import { templateQuery } from '../../features/templates/template-query.ts';

/** What a workspace's header shows of its object. */
export interface WorkspaceSubject {
  title: string;
  type: string;
  /** The kind of event it is or makes (a repeating event's occurrences, a template's events): its pages depend on it. */
  eventType: string;
  status: EventTimeBadge | null;
  dates: { start: string; end: string; timezone?: string } | null;
  /** An event's host type (its check-in links depend on it); null for templates and series. */
  hostType: HostType | null;
  /**
   * The event whose pushes the pages show (001 §7 setEventId): the event itself, or the next
   * occurrence a repeating event's programme and branding pages edit; null for templates and series.
   */
  eventRoom: string | null;
  /**
   * The workspace the object belongs in when the address is another kind's (a conference under
   * Recordings, a repeating event under Series); null in its own.
   */
  elsewhere: WorkspaceKind | null;
}

export const isEventKind = (kind: WorkspaceKind) =>
  kind === 'event' || kind === 'webinar' || kind === 'recording';

/** How a reader of the subject loads it. */
export interface SubjectReading {
  /** False: not read at all (outside a workspace). */
  enabled?: boolean;
  /**
   * Read what the workspace has loaded: a second reader (the ☰ drawer) opening does not ask the
   * server again, whether the answer was the object or a failure; it asks only when nothing is held.
   */
  cached?: boolean;
}

/** The workspace's object, read with the same queries its pages use (so they share the cache). */
export function useWorkspaceSubject(
  kind: WorkspaceKind,
  id: string,
  now: Date = new Date(),
  { enabled = true, cached = false }: SubjectReading = {},
) {
  const reading = cached ? { refetchOnMount: false, retryOnMount: false } : {};
  const event = useQuery({ ...eventQuery(id), ...reading, enabled: enabled && isEventKind(kind) });
  const template = useQuery({ ...templateQuery(id), ...reading, enabled: enabled && kind === 'template' });
  const series = useQuery({
    ...seriesQuery(id),
    ...reading,
    enabled: enabled && (kind === 'series' || kind === 'repeating-event'),
  });
  const query = isEventKind(kind) ? event : kind === 'template' ? template : series;

  let subject: WorkspaceSubject | null = null;
  if (isEventKind(kind) && event.data) {
    const found = event.data;
    const own = eventWorkspace(found.event_type);
    // A recording has no schedule: the times it stores are no dates to show, nor live or past.
    const status = eventBadge(found, now);
    subject = {
      title: found.title,
      type: found.event_type,
      eventType: found.event_type,
      status,
      dates: status ? { start: found.start_time, end: found.end_time, timezone: found.timezone } : null,
      hostType: found.host_type,
      eventRoom: found.id,
      // Webinar and conference addresses are one (an event's type can change under an open page).
      elsewhere: (kind === 'recording') !== (own === 'recording') ? own : null,
    };
  } else if (kind === 'template' && template.data) {
    subject = {
      title: template.data.title,
      type: `Template · ${template.data.settings.event_type}`,
      eventType: template.data.settings.event_type,
      status: null,
      dates: null,
      hostType: null,
      eventRoom: null,
      elsewhere: null,
    };
  } else if (series.data && !isEventKind(kind) && kind !== 'template') {
    const found = series.data;
    const own = found.is_repeating ? 'repeating-event' : 'series';
    // A series' times read in its own zone, as its events table shows them: a repeating event's
    // rule's zone, else its next event's (the browser's only when it has neither).
    const timezone = found.recurrence?.timezone ?? found.cached_data?.next_event?.timezone;
    subject = {
      title: found.name,
      type: found.is_repeating ? 'Repeating event' : 'Series',
      eventType: found.event_type,
      status: seriesTimeStatus({ ...found, current_event: found.cached_data?.current_event }, now),
      dates:
        found.start_time && found.end_time
          ? { start: found.start_time, end: found.end_time, ...(timezone && { timezone }) }
          : null,
      hostType: null,
      eventRoom: found.is_repeating ? (found.programme_event ?? null) : null,
      elsewhere: own === kind ? null : own,
    };
  }
  return { subject, error: query.error, isPending: query.isPending };
}
