import {
  eventReadinessWarnings,
  readinessChecked,
  seriesReadinessWarnings,
  type AlertCentre,
  type EventReadinessFacts,
  type ReadinessEmails,
  type ReadinessPermissions,
  type SeriesReadinessFacts,
} from '@studio/domain';
import { hasPermission, type OrganizationCaller } from '../../platform/http/access-rules.ts';

/** An event or series whose email templates readiness reads. */
export interface ReadinessEmailOwner {
  context: 'event' | 'series';
  id: string;
  organizationId: string;
}

/**
 * What readiness asks of the other areas (002 §8.6): each answers its own facts through its
 * service (studio wiring in readiness.area.ts); none of their tables is read here.
 */
export interface ReadinessPorts {
  /** The event the caller sees (404 otherwise), with what the rules read of it. */
  event(
    caller: OrganizationCaller,
    eventId: string,
  ): Promise<
    EventReadinessFacts['event'] & {
      organizationId: string;
      buffer_video_id: string | null;
      start_time: string;
      end_time: string;
    }
  >;
  eventRolesEnabled(caller: OrganizationCaller): Promise<boolean>;
  agenda(
    caller: OrganizationCaller,
    eventId: string,
  ): Promise<Pick<EventReadinessFacts, 'tracks' | 'items' | 'sessions'>>;
  people(eventId: string): Promise<EventReadinessFacts['people']>;
  /** The library's view of these videos (those the caller can no longer read are left out). */
  videos(caller: OrganizationCaller, videoIds: readonly string[]): Promise<EventReadinessFacts['videos']>;
  emails(caller: OrganizationCaller, owner: ReadinessEmailOwner): Promise<ReadinessEmails>;
  /** The series the caller sees (404 otherwise). */
  series(caller: OrganizationCaller, seriesId: string): Promise<SeriesReadinessFacts['series']>;
  /** How many event list blocks the series' registration page has (as attendees get it). */
  eventListRows(caller: OrganizationCaller, seriesId: string): Promise<number>;
}

const permissionsOf = (caller: OrganizationCaller): ReadinessPermissions => ({
  eventUpdate: hasPermission(caller, 'event:update'),
  brandingUpdate: hasPermission(caller, 'branding:update'),
});

/**
 * The alert centre's checks (002 §7.11): recomputed on every ask from the areas' current facts,
 * so nothing is stored that could go stale; a change pushes `readiness-updated` (readiness.area.ts).
 */
export function createReadinessService(ports: ReadinessPorts, clock: () => Date) {
  async function eventFacts(
    caller: OrganizationCaller,
    event: Awaited<ReturnType<ReadinessPorts['event']>>,
  ): Promise<EventReadinessFacts> {
    const owner = { context: 'event' as const, id: event.id, organizationId: event.organizationId };
    const [eventRolesEnabled, agenda, people, emails] = await Promise.all([
      ports.eventRolesEnabled(caller),
      ports.agenda(caller, event.id),
      ports.people(event.id),
      ports.emails(caller, owner),
    ]);
    const videoIds = new Set(agenda.sessions.flatMap((session) => session.video_ids));
    if (event.buffer_video_id) videoIds.add(event.buffer_video_id);
    const videos = await ports.videos(caller, [...videoIds]);
    return {
      event: { id: event.id, event_type: event.event_type, host_type: event.host_type },
      event_roles_enabled: eventRolesEnabled,
      ...agenda,
      videos,
      buffer_video_id: event.buffer_video_id,
      people,
      emails,
    };
  }

  return {
    async ofEvent(caller: OrganizationCaller, eventId: string): Promise<AlertCentre> {
      const event = await ports.event(caller, eventId);
      if (!readinessChecked(event, clock())) return { failed_checks: [] };
      return {
        failed_checks: eventReadinessWarnings(await eventFacts(caller, event), permissionsOf(caller)),
      };
    },

    async ofSeries(caller: OrganizationCaller, seriesId: string): Promise<AlertCentre> {
      const series = await ports.series(caller, seriesId);
      const owner = { context: 'series' as const, id: series.id, organizationId: caller.organizationId };
      const [emails, eventListRows] = await Promise.all([
        ports.emails(caller, owner),
        ports.eventListRows(caller, series.id),
      ]);
      const facts: SeriesReadinessFacts = { series, emails, event_list_rows: eventListRows };
      return { failed_checks: seriesReadinessWarnings(facts, permissionsOf(caller)) };
    },
  };
}

export type ReadinessService = ReturnType<typeof createReadinessService>;
