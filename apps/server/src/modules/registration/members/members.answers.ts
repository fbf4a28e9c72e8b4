import type { EventMember } from '@studio/domain';
import type { MemberRow } from './members.repository.ts';

export type EventsOfPeople = Map<string, { id: string; title: string }[]>;

/** The organisation's events each person is registered for, by user id. */
export function eventsByPerson(rows: readonly { user_id: string; event_id: string; title: string }[]) {
  const events: EventsOfPeople = new Map();
  for (const row of rows)
    events.set(row.user_id, [...(events.get(row.user_id) ?? []), { id: row.event_id, title: row.title }]);
  return events;
}

/** A registrant as the members table shows them; their events with this one first. */
export function toEventMember(row: MemberRow, events: EventsOfPeople): EventMember {
  const theirs = events.get(row.user_id) ?? [];
  return {
    id: row.id,
    event: row.event_id,
    user: row.user_id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    company: row.company,
    title: row.title,
    events: [
      ...theirs.filter((event) => event.id === row.event_id),
      ...theirs.filter((event) => event.id !== row.event_id),
    ],
    event_user_status: row.status,
    is_blocked: row.is_blocked,
    source: row.source,
    answers: row.answers,
    registered_at: row.registered_at.toISOString(),
    waitlisted_at: row.waitlisted_at?.toISOString() ?? null,
    checked_in_at: row.checked_in_at?.toISOString() ?? null,
  };
}
