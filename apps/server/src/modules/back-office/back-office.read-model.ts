import { sql, type RawBuilder } from 'kysely';
import type { EventType } from '@studio/domain';

/** What other modules' queries may read of events, written by the events area (which owns them). */
export const eventsReadModel = {
  /** The event's title, type and creation time as a JSON object (`eventId`: a column reference). */
  summaryOf(eventId: string): RawBuilder<{ title: string; event_type: EventType; created_at: string }> {
    return sql`(select json_build_object('title', events.title, 'event_type', events.event_type,
      'created_at', events.created_at) from events where events.id = ${sql.ref(eventId)})`;
  },

  /** The event belongs to the organisation. */
  isOfOrganization(eventId: string, organizationId: string): RawBuilder<boolean> {
    return sql<boolean>`exists (select 1 from events where events.id = ${sql.ref(eventId)}
      and events.organization_id = ${organizationId})`;
  },
};
