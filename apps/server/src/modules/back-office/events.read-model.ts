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
};
