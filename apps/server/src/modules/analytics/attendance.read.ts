import { sql, type AliasedRawBuilder } from 'kysely';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import { presentInRollup } from './analytics.read-model.ts';

/** A moment a person attended an event (ATTENDANCE_ACTIONS' rule); count them distinct per group. */
export interface AttendanceRow {
  event_id: string;
  user_id: string;
  attended_at: Date;
}

/**
 * The one attendance rule's read (the event's summary, Cross-Event, ROI, the contract's attendee
 * count): the registrants Attended (at the desk, by an organiser, or present in the app; the
 * registration module keeps that status), when they became so, and the quarter hours anyone was
 * present in the app (the rollups' presences and clicks: ATTENDANCE_ACTIONS) unless their
 * registration is not Attended (waitlisted, a no show): people of an event open without
 * registration attend by presence alone. Counted distinct, a person is once per group.
 */
export function attendanceOf(
  organizationId: string,
  eventIds: readonly string[] | null,
): AliasedRawBuilder<AttendanceRow, 'attendance'> {
  const registrations = registrationReadModel.attendanceOf(organizationId, eventIds);
  const events = eventIds ? sql`and present.event_id in (${sql.join(eventIds)})` : sql``;
  return sql<AttendanceRow>`(select registered.event_id, registered.user_id, registered.attended_at
      from (${registrations}) as registered where registered.attended
    union all
    select present.event_id, present.user_id, present.bucket as attended_at
      from analytics_rollups as present
      where present.organization_id = ${organizationId} ${events}
        and present.user_id is not null and ${presentInRollup('present')}
        and not exists (select 1 from (${registrations}) as registered
          where registered.event_id = present.event_id and registered.user_id = present.user_id
            and not registered.attended))`.as('attendance');
}
