import { eventWorkspace } from '../navigation/links.ts';
import { workspaceBase } from '../navigation/workspaces.ts';

/** Where each readiness warning is fixed in the studio (the routes of navigation/routes.ts). */
export type ReadinessPlace =
  | { page: 'agenda'; broadcastId?: string; agendaItemId?: string; trackId?: string }
  | { page: 'speakers' | 'staff' | 'bufferVideo' | 'emailSchedule' | 'registrationPage' }
  | { page: 'emailTemplate'; emailTemplateId: string };

const query = (values: Record<string, string | undefined>) => {
  const entries = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
};

/**
 * An event's page for a warning, in its own workspace (a webinar's sessions and speakers are in its
 * programs, its staff in its details; a recording's video is its page).
 */
export function eventReadinessHref(event: { id: string; event_type: string }, place: ReadinessPlace) {
  const kind = eventWorkspace(event.event_type);
  const base = workspaceBase(kind, event.id);
  switch (place.page) {
    case 'agenda': {
      const { page: _page, ...ids } = place;
      return `${base}/programs/agenda${query(ids)}`;
    }
    case 'speakers':
      return `${base}/programs/speakers`;
    case 'staff':
      return kind === 'webinar' ? `${base}/details/staff` : `${base}/programs/staff`;
    case 'bufferVideo':
      // A recording's page holds its video (its buffer video): it has no look and feel.
      return kind === 'recording' ? base : `${base}/look-and-feel#bufferVideo`;
    case 'emailSchedule':
      return `${base}/email/schedule`;
    case 'emailTemplate':
      return `${base}/email/templates${query({ emailTemplateId: place.emailTemplateId })}`;
    case 'registrationPage':
      return kind === 'event' ? `${base}/registration-new/page/page-builder` : `${base}/page`;
  }
}

/** A series' (or repeating event's) page for a warning. */
export function seriesReadinessHref(series: { id: string; repeating: boolean }, place: ReadinessPlace) {
  const base = workspaceBase(series.repeating ? 'repeating-event' : 'series', series.id);
  switch (place.page) {
    case 'emailTemplate':
      return `${base}/email/templates${query({ emailTemplateId: place.emailTemplateId })}`;
    case 'registrationPage':
      return `${base}/registration/page/page-builder`;
    case 'emailSchedule':
      return `${base}/email/schedule`;
    // A series has no agenda, people or look and feel of its own: its occurrences do.
    case 'agenda':
    case 'speakers':
    case 'staff':
    case 'bufferVideo':
      return null;
  }
}
