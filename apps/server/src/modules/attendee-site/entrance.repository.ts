import { sql, type RawBuilder } from 'kysely';
import type { EventRole, EventUserStatus } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { preparedRows } from '../../platform/db/prepared.ts';
import { writeBatches } from '../../platform/write-batches.ts';
import { eventsReadModel, type PublicEventRow } from '../back-office/events.read-model.ts';
import { peopleReadModel } from '../event-roles/people.read-model.ts';
import { magicLinksReadModel, type MagicLinkRecord } from '../magic-links/magic-links.read-model.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';
import type { EntranceEvent } from './entrance.ts';

/** What admits a token's holder into an event, as one statement reads it. */
export interface AdmissionRead {
  link: MagicLinkRecord;
  /** The person's current email (the token's MAC is over it). */
  email: string;
  /** Their name in the event's organisation (its profile of them, else their account's). */
  firstName: string;
  lastName: string;
  /** The roles they hold in the event that admit them (a refused registration's does not), lowest first. */
  roles: EventRole[];
  event: EntranceEvent;
  /** The event's stored early-entry switch; null when never saved (the default applies). */
  disableEnterEventButton: boolean | null;
  /** Their registration's status in the event; null without one (analytics' attendance rule). */
  registrationStatus: EventUserStatus | null;
}

interface AdmissionRow extends PublicEventRow {
  link_id: string;
  link_event_id: string;
  user_id: string;
  generation: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: EventRole[];
  registration_status: EventUserStatus | null;
}

/**
 * The entrance's one read of an admission, composed of the owners' read models (magic links,
 * events, users, the organisation's profiles, event roles, registration's refusal): every beacon
 * and chat post of the event app pays its share of this one statement, never a copy kept since.
 * The admissions asked while one read runs (or in the same turn of the event loop) are read
 * together in the next statement, each row by its place in the ask: every request's read starts
 * after it arrived, so a revocation written before it is always seen.
 */
export function createEntranceRepository(db: Executor) {
  // Built and compiled once; a named statement, parsed and planned once per connection.
  const admissions = preparedRows<[eventIds: string[], linkIds: string[]], AdmissionRow & { asked: number }>(
    db,
    2,
    (eventIds, linkIds) => {
      const userId = sql.ref<string>('link.user_id');
      const organizationId = sql.ref<string>('event.organization_id');
      const refused = (eventRoleId: RawBuilder<unknown>) => registrationReadModel.refusesEntry(eventRoleId);
      const query = sql<AdmissionRow & { asked: number }>`select asked.place::int as asked,
          link.id as link_id, link.event_id as link_event_id,
          link.user_id, link.generation, users.email,
          coalesce(profile.first_name, users.first_name) as first_name,
          coalesce(profile.last_name, users.last_name) as last_name,
          ${peopleReadModel.admittingRolesOf(sql.ref('event.id'), userId, refused)} as roles,
          ${registrationReadModel.statusOf(sql.ref('event.id'), userId)} as registration_status,
          event.*
        from unnest(${eventIds}::uuid[], ${linkIds}::uuid[]) with ordinality as asked(event_id, link_id, place)
        cross join lateral (${magicLinksReadModel.linkOf(sql.ref('asked.event_id'), sql.ref('asked.link_id'))}) as link
        cross join lateral (${eventsReadModel.publicEventOf(sql.ref('asked.event_id'))}) as event
        cross join lateral (${usersReadModel.contactsOf(sql`${userId}`)}) as users
        left join lateral (${peopleReadModel.profileNameOf(organizationId, userId)}) as profile on true`;
      return { compile: () => query.compile(db) };
    },
  );
  const admissionsOf = writeBatches(
    async (asked: readonly { eventId: string; linkId: string }[]) => {
      const rows = await admissions(
        asked.map((entry) => entry.eventId),
        asked.map((entry) => entry.linkId),
      );
      const byPlace = new Map(rows.map((row) => [row.asked, row]));
      return asked.map((_, index) => byPlace.get(index + 1));
    },
    { gatherTurn: true },
  );
  return {
    /** The link into a public event with its person and the event; undefined when any is missing. */
    async admissionOf(eventId: string, linkId: string): Promise<AdmissionRead | undefined> {
      const row = await admissionsOf({ eventId, linkId });
      return (
        row && {
          link: {
            id: row.link_id,
            event_id: row.link_event_id,
            user_id: row.user_id,
            generation: row.generation,
          },
          email: row.email,
          firstName: row.first_name,
          lastName: row.last_name,
          roles: row.roles,
          event: {
            id: row.id,
            title: row.title,
            organizationId: row.organization_id,
            start_time: row.start_time,
            end_time: row.end_time,
            timezone: row.timezone,
            event_type: row.event_type,
          },
          disableEnterEventButton: row.disable_enter_event_button,
          registrationStatus: row.registration_status,
        }
      );
    },
  };
}
