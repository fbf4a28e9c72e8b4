import { sql, type Expression, type RawBuilder } from 'kysely';

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

  /** The event's start, or its end (`eventId`: a column reference or value of the asking row). */
  timeOf(eventId: Expression<string>, which: 'start_time' | 'end_time'): RawBuilder<Date> {
    return sql<Date>`(select events.${sql.ref(which)} from events where events.id = ${eventId})`;
  },

  /** The event's start and end (`eventId`: a value). */
  timesOf(eventId: string): RawBuilder<{ start_time: Date; end_time: Date }> {
    return sql<{ start_time: Date; end_time: Date }>`select events.start_time, events.end_time from events
      where events.id = ${eventId}`;
  },

  /** The event template whose programme the hidden event `eventId` holds (migration 0017), if any. */
  templateOfProgrammeEvent(eventId: string): RawBuilder<{ id: string }> {
    return sql<{ id: string }>`select studio_templates.id from studio_templates
      where studio_templates.programme_event_id = ${eventId}`;
  },
};
