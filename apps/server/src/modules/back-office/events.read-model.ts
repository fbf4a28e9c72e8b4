import type { EventType } from '@studio/domain';
import { sql, type Expression, type RawBuilder } from 'kysely';

/** A public event as `eventsReadModel.publicEventOf` reads it. */
export interface PublicEventRow {
  id: string;
  title: string;
  organization_id: string;
  start_time: Date;
  end_time: Date;
  timezone: string;
  event_type: EventType;
  disable_enter_event_button: boolean | null;
}

/** What other modules' queries may read of an event, written by the back office that owns events. */
export const eventsReadModel = {
  /** The organisation of the event in `eventId` (a column reference or value of the asking row). */
  organizationOf(eventId: Expression<string>): RawBuilder<string> {
    return sql<string>`(select events.organization_id from events where events.id = ${eventId})`;
  },

  /** The event's title (`eventId`: a column reference or value of the asking row). */
  titleOf(eventId: Expression<string>): RawBuilder<string> {
    return sql<string>`(select events.title from events where events.id = ${eventId})`;
  },

  /** The series of the event `eventId` (a value), null when it is in none. */
  seriesOf(eventId: string): RawBuilder<string | null> {
    return sql<string | null>`(select events.series_id from events where events.id = ${eventId})`;
  },

  /** The event's start, or its end (`eventId`: a column reference or value of the asking row). */
  timeOf(eventId: Expression<string>, which: 'start_time' | 'end_time'): RawBuilder<Date> {
    return sql<Date>`(select events.${sql.ref(which)} from events where events.id = ${eventId})`;
  },

  /** The event's team (workspace), or null (`eventId`: a column reference or value of the asking row). */
  workspaceOf(eventId: Expression<string>): RawBuilder<string | null> {
    return sql<string | null>`(select events.workspace_id from events where events.id = ${eventId})`;
  },

  /** The event's type, start and end (`eventId`: a value). */
  timesOf(eventId: string): RawBuilder<{ event_type: string; start_time: Date; end_time: Date }> {
    return sql<{ event_type: string; start_time: Date; end_time: Date }>`select events.event_type,
      events.start_time, events.end_time from events where events.id = ${eventId}`;
  },

  /**
   * A public event (no blueprint, no template's programme) as its entrance admits people into it,
   * with its stored early-entry switch (`disable_enter_event_button`, null when never saved); by
   * value or a column reference of the asking row.
   */
  publicEventOf(eventId: string | Expression<string>): RawBuilder<PublicEventRow> {
    return sql`select events.id, events.title, events.organization_id, events.start_time, events.end_time,
        events.timezone, events.event_type,
        case events.branding ->> 'disable_enter_event_button' when 'true' then true when 'false' then false
        end as disable_enter_event_button
      from events
      where events.id = ${eventId} and not events.is_blueprint and not events.holds_template_programme`;
  },

  /** The event template whose programme the hidden event `eventId` holds (migration 0017), if any. */
  templateOfProgrammeEvent(eventId: string): RawBuilder<{ id: string }> {
    return sql<{ id: string }>`select studio_templates.id from studio_templates
      where studio_templates.programme_event_id = ${eventId}`;
  },
};
