import {
  EVENT_ROLES,
  eventAppPath,
  eventPersonRoleLabel,
  type MyEvent,
  ROLE_GROUPS,
  SPEAKER_ROLE_LIMIT,
  speakerRoleInSession,
  STAFF_USER_TYPE,
  type BroadcastSpeaker,
  type EventRole,
  type Role,
} from '@studio/domain';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { PageWindow } from '../../platform/db/paged-list.ts';
import type { EventCopyStep } from '../back-office/event-copy.ts';
import type {
  EventPeopleDirectory,
  EventPersonRecord,
  PeopleAudience,
  PersonInEvent,
} from './event-people.ts';
import { toEventPersonRecord } from './event-roles.answers.ts';
import type { PersonRow } from './people.repository.ts';
import type { PeopleWrites } from './people-writes.ts';

const AUDIENCES: Record<PeopleAudience, { role: number; userType?: string }> = {
  speaker: { role: EVENT_ROLES.SPEAKER },
  staff: { role: EVENT_ROLES.ORGANIZER, userType: STAFF_USER_TYPE },
};

/**
 * What the rest of the system reads of an event's people: the directory of the magic links and
 * invitations, the sessions' speakers (roles resolved by the fallback rule), event duplication.
 */
export function createEventPeopleReads(writes: PeopleWrites) {
  const { roles, people, access } = writes;

  async function records(rows: readonly PersonRow[], tx?: Executor): Promise<EventPersonRecord[]> {
    const sessions = await writes.sessionsOfPeople(rows, tx);
    return rows.map((row) => toEventPersonRecord(row, sessions.get(row.id) ?? []));
  }

  const directory: EventPeopleDirectory = {
    rolesOf: (eventId, userId, tx) => roles.rolesOf(eventId, userId, tx),
    userIdByEmail: (eventId, email, tx) => people.userIdByEmail(eventId, email, tx),
    async peopleOf(eventId, filter, tx) {
      // Named event roles are answered whatever their role; otherwise the audience, or speakers and staff.
      const ids = filter.eventRoleIds;
      const audiences = filter.audience
        ? [AUDIENCES[filter.audience]]
        : ids
          ? undefined
          : Object.values(AUDIENCES);
      return records(
        await people.where({ eventId, ...(audiences ? { audiences } : {}), ...(ids ? { ids } : {}) }, tx),
        tx,
      );
    },
    async peopleInSessions(broadcastIds, tx) {
      return records(await people.where({ audiences: Object.values(AUDIENCES), broadcastIds }, tx), tx);
    },
    markInvited: (eventRoleIds, at, tx) => roles.markInvited(eventRoleIds, at, tx),
  };

  /** The event's default speaker role, else the last listed speaker role of the organisation. */
  async function speakerFallback(organizationId: string, eventId: string, userId: string, tx?: Executor) {
    const listed = await access.listedRoles(
      { organizationId, userId },
      ROLE_GROUPS.speaker,
      SPEAKER_ROLE_LIMIT,
      tx,
    );
    return speakerRoleInSession(null, await people.defaultSpeakerRole(eventId, tx), listed);
  }

  return {
    directory,

    /**
     * The event_app role a person holds in an event (the permissions endpoint in an event's
     * context): a staff member's role; a speaker's, else the speaker fallback; none otherwise.
     */
    async eventAppRoleOf(organizationId: string, eventId: string, userId: string): Promise<string | null> {
      const rows = await people.where({ eventId, userId });
      const staff = rows.find(
        (row) => row.role === EVENT_ROLES.ORGANIZER && row.user_type === STAFF_USER_TYPE,
      );
      if (staff?.event_app_role_id) return staff.event_app_role_id;
      const speaker = rows.find((row) => row.role === EVENT_ROLES.SPEAKER);
      if (!speaker) return null;
      return speaker.event_app_role_id ?? speakerFallback(organizationId, eventId, userId);
    },

    /**
     * The events a person works at, any organisation, each with the role they hold there (a staff
     * member's Producer or Coordinator) and where its event app opens: one page, and how many in all.
     */
    async workOf(
      userId: string,
      attendeeBaseUrl: AttendeeBaseUrl,
      page: PageWindow,
    ): Promise<{ count: number; results: MyEvent[] }> {
      const { count, rows } = await roles.workOf(userId, page);
      const results = await Promise.all(
        rows.map(async (row) => {
          const staffRole =
            row.role === EVENT_ROLES.ORGANIZER && row.event_app_role_id
              ? await access.findRole(row.organization_id, row.event_app_role_id)
              : undefined;
          return {
            event: row.event_id,
            title: row.title,
            start_time: new Date(row.start_time).toISOString(),
            role: eventPersonRoleLabel(row.role as EventRole, staffRole?.name ?? null),
            event_app_url: `${await attendeeBaseUrl(row.organization_id)}${eventAppPath(row.event_id)}`,
          };
        }),
      );
      return { count, results };
    },

    /** The person's roles and sessions in the event (the attendee origin), undefined when they hold none. */
    async personInEvent(eventId: string, userId: string, tx?: Executor): Promise<PersonInEvent | undefined> {
      const rows = await people.where({ eventId, userId, admitted: true }, tx);
      const [first] = rows;
      if (!first) return undefined;
      const sessions = await roles.sessionsOf(
        rows.map((row) => row.id),
        tx,
      );
      return {
        firstName: first.first_name,
        lastName: first.last_name,
        roles: rows.map((row) => ({
          role: row.role as EventRole,
          userType: row.user_type,
          eventAppRoleId: row.event_app_role_id,
        })),
        sessions: sessions.map((row) => ({ broadcastId: row.broadcast_id, roleId: row.role_id })),
      };
    },

    /**
     * The speakers of each session, by rank (every asked session answers, [] without speakers); the
     * role held there is the one assigned, else the person's event_app role, else the event's
     * default, else the last listed speaker role.
     */
    async speakersOfBroadcasts(
      broadcastIds: readonly string[],
      tx?: Executor,
    ): Promise<Map<string, BroadcastSpeaker[]>> {
      const result = new Map<string, BroadcastSpeaker[]>(broadcastIds.map((id) => [id, []]));
      const sessions = await roles.speakerSessionsOf(broadcastIds, tx);
      const rows = await people.where({ ids: [...new Set(sessions.map((row) => row.event_role_id))] }, tx);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const defaults = new Map<string, string | null>();
      const listed = new Map<string, Role[]>();
      for (const row of rows) {
        if (!defaults.has(row.event_id))
          defaults.set(row.event_id, await people.defaultSpeakerRole(row.event_id, tx));
        if (!listed.has(row.organization_id))
          listed.set(
            row.organization_id,
            await access.listedRoles(
              { organizationId: row.organization_id, userId: row.user_id },
              ROLE_GROUPS.speaker,
              SPEAKER_ROLE_LIMIT,
              tx,
            ),
          );
      }
      const rank = (id: string) => byId.get(id)?.rank ?? 0;
      const ordered = [...sessions].sort((a, b) => rank(a.event_role_id) - rank(b.event_role_id));
      for (const session of ordered) {
        const row = byId.get(session.event_role_id);
        if (!row) continue;
        result.get(session.broadcast_id)?.push({
          id: row.id,
          user: {
            id: row.user_id,
            first_name: row.first_name,
            last_name: row.last_name,
            title: row.title,
            company: row.company,
            profile_picture_url: row.profile_picture_url,
          },
          role: speakerRoleInSession(
            session.role_id ?? row.event_app_role_id,
            defaults.get(row.event_id),
            listed.get(row.organization_id) ?? [],
          ),
          rank: row.rank,
          hidden: row.hidden,
        });
      }
      return result;
    },

    /** Event duplication: speakers, staff and check-in staff go with the copy, not yet invited. */
    copyStep: {
      copy: (copy) => roles.copy(copy.sourceEventId, copy.targetEventId, copy.newIds, copy.tx),
      clear: (eventId, tx) => roles.clear(eventId, tx),
    } satisfies EventCopyStep,
  };
}
