import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import {
  ENTRY_REFUSED_STATUSES,
  SEAT_HOLDING_STATUSES,
  type EventUserStatus,
  type RegistrantCounts,
} from '@studio/domain';

/**
 * What other modules' queries may read of registrations, written by the registration module that
 * owns them: the event's registrants holding a seat (Registered, Attended, No Show), not blocked.
 */
export const registrationReadModel = {
  /**
   * The event's seats: every registration holding one, or with `attended` those checked in
   * (status Attended) or, false, those who did not; each with its person and its id (the one the
   * registrant's cancel link and check-in code name).
   */
  seatsOf(eventId: string, attended?: boolean): RawBuilder<{ user_id: string; registration_id: string }> {
    return sql<{ user_id: string; registration_id: string }>`select event_registrations.user_id,
        event_registrations.event_role_id as registration_id from event_registrations
      where event_registrations.event_id = ${eventId}
        and event_registrations.status in (${sql.join(SEAT_HOLDING_STATUSES)})
        and not event_registrations.is_blocked
        and (${attended ?? null}::boolean is null or (event_registrations.status = 'ATTENDED') = ${attended ?? null})`;
  },

  registrantIdsOf(eventId: string): RawBuilder<{ user_id: string }> {
    return sql<{
      user_id: string;
    }>`select seats.user_id from (${registrationReadModel.seatsOf(eventId)}) as seats`;
  },

  /**
   * The event's registrant counts, as its dashboard counts them (`registrantsSummary`): `registered`
   * holds a seat (Registered, Attended, No Show), `waitlisted` waits for one; blocked, cancelled and
   * rejected registrations count in neither. Read from the counts the registrations' triggers keep
   * (migration 0077): one row by key (`eventId`: a column reference of the asking row).
   */
  countsOf(eventId: Expression<string>): RawBuilder<RegistrantCounts> {
    return sql<RegistrantCounts>`coalesce((select json_build_object('registered', event_registration_counts.registered,
        'waitlisted', event_registration_counts.waitlisted) from event_registration_counts
      where event_registration_counts.event_id = ${eventId}), json_build_object('registered', 0, 'waitlisted', 0))`;
  },

  /** The registrants holding a seat in these events, with the day they registered (analytics' reports). */
  registrationsOf(eventIds: readonly string[]): RawBuilder<{ event_id: string; registered_at: Date }> {
    return sql<{ event_id: string; registered_at: Date }>`select event_registrations.event_id,
        event_registrations.registered_at from event_registrations
      where event_registrations.event_id in (${sql.join(eventIds)})
        and event_registrations.status in (${sql.join(SEAT_HOLDING_STATUSES)})
        and not event_registrations.is_blocked`;
  },

  /** The event's registrants who attended, or with `attended` false those holding a seat who did not. */
  attendanceIdsOf(eventId: string, attended: boolean): RawBuilder<{ user_id: string }> {
    return sql<{
      user_id: string;
    }>`select seats.user_id from (${registrationReadModel.seatsOf(eventId, attended)}) as seats`;
  },

  /**
   * The registrations of the organisation's events (of `eventIds`, or all), for the attendance rule
   * (ATTENDANCE_ACTIONS): each person's status, whether they attended (Attended, not blocked) and
   * since when (the desk's check-in, else the status's change: the app's first presence, an
   * organiser's mark).
   */
  attendanceOf(
    organizationId: string,
    eventIds: readonly string[] | null,
  ): RawBuilder<{ event_id: string; user_id: string; attended: boolean; attended_at: Date }> {
    const events = eventIds ? sql`and event_registrations.event_id in (${sql.join(eventIds)})` : sql``;
    return sql<{ event_id: string; user_id: string; attended: boolean; attended_at: Date }>`select
        event_registrations.event_id, event_registrations.user_id,
        (event_registrations.status = 'ATTENDED' and not event_registrations.is_blocked) as attended,
        coalesce(event_registrations.checked_in_at, event_registrations.status_changed_at) as attended_at
      from event_registrations
      where event_registrations.organization_id = ${organizationId} ${events}`;
  },

  /** The person's registration status in the event, or null (the event app's admission reads it). */
  statusOf(eventId: RawBuilder<unknown>, userId: RawBuilder<unknown>): RawBuilder<EventUserStatus | null> {
    return sql<EventUserStatus | null>`(select event_registrations.status from event_registrations
      where event_registrations.event_id = ${eventId} and event_registrations.user_id = ${userId})`;
  },

  /** Whether the event role (an ATTENDEE's) is a registration refused entry: blocked, cancelled or rejected. */
  refusesEntry(eventRoleId: RawBuilder<unknown>): RawBuilder<SqlBool> {
    return sql<SqlBool>`exists (select 1 from event_registrations
      where event_registrations.event_role_id = ${eventRoleId}
        and (event_registrations.is_blocked
          or event_registrations.status in (${sql.join(ENTRY_REFUSED_STATUSES)})))`;
  },
};
