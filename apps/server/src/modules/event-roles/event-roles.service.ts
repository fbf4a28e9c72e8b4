import { EVENT_ROLES, type EventRole } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { createEventPeopleReads } from './event-people.directory.ts';
import {
  createPeopleWrites,
  type EventRolesDeps,
  type NewPersonInput,
  type ProfiledPerson,
} from './people-writes.ts';
import type { ProfileFields } from './people.repository.ts';
import { createSpeakersService } from './speakers.service.ts';
import { createStaffService } from './staff.service.ts';

export type { EventRolesDeps, ProfileChanged, SessionsChanged } from './people-writes.ts';

/**
 * Event roles (002 §3.9, §3.10, §4.7): who is a speaker, staff member, check-in staff, sponsor …
 * of an event, with their sessions and roles per session. Other modules grant and ask through this
 * service; the people pages manage speakers, staff and check-in staff through it.
 */
export function createEventRolesService(deps: EventRolesDeps) {
  const writes = createPeopleWrites(deps);
  const { roles } = writes;
  const reads = createEventPeopleReads(writes);
  const speakers = createSpeakersService(writes, deps.db);
  return {
    grant: (eventId: string, userId: string, role: EventRole, tx?: Executor) =>
      roles.grant(eventId, userId, role, tx),

    /** Whether the person holds the role in the event. */
    async holds(eventId: string, userId: string, role: EventRole, tx?: Executor): Promise<boolean> {
      return (await roles.rolesOf(eventId, userId, tx)).includes(role);
    },

    /** The event dashboard's speakers figure. */
    speakersSummary: (eventId: string) => roles.speakersSummary(eventId),
    /** The person's roles in the event, lowest first. */
    rolesOf: (eventId: string, userId: string, tx?: Executor) => roles.rolesOf(eventId, userId, tx),

    /** The events where the person holds that role, oldest grant first. */
    eventsWhere: (userId: string, role: EventRole, tx?: Executor) => roles.eventsWhere(userId, role, tx),

    /**
     * Registration (issue 16): the person with these details (found by email, else created as an
     * event-only person; the organisation's profile of them written) as an ATTENDEE of the event,
     * with their email and name as that profile has them.
     */
    async attendeeFor(
      organizationId: string,
      eventId: string,
      details: NewPersonInput,
      tx: Executor,
    ): Promise<{
      userId: string;
      eventRoleId: string;
      person: Omit<ProfiledPerson, 'id'>;
      /** Whether the person was created here: no account had their email before. */
      newPerson: boolean;
    }> {
      const { id: userId, created, ...person } = await writes.personFor(organizationId, details, tx);
      const eventRoleId = await roles.idOfGranted(eventId, userId, EVENT_ROLES.ATTENDEE, tx);
      return { userId, eventRoleId, person, newPerson: created };
    },

    /** Speakers and check-in staff (`/api/event/event-roles/`), the default speaker role. */
    speakers,
    /** Producers and coordinators (`/api/event/staff/`). */
    staff: createStaffService(writes, deps.db),
    /** For magic links and invitations. */
    directory: reads.directory,
    /** A person's roles and sessions in an event, for the attendee origin's entrance. */
    personInEvent: (eventId: string, userId: string) => reads.personInEvent(eventId, userId),
    /** Who holds an event_app role (the access refuses to delete a held role). */
    roleHoldersOf: (roleId: string, tx: Executor) => roles.holdersOfRole(roleId, tx),
    /** `GET /api/core/user/me/events/`: a page of the events the signed-in person works at. */
    myEvents: (userId: string, page: PageRequest) => reads.workOf(userId, deps.attendeeBaseUrl, page),
    /** A person's event_app role in an event (the permissions endpoint's event context). */
    eventAppRoleOf: (organizationId: string, eventId: string, userId: string) =>
      reads.eventAppRoleOf(organizationId, eventId, userId),
    /** The sessions' `speakers`, for the agenda's answers and pushes. */
    speakersOfBroadcasts: (broadcastIds: readonly string[], tx?: Executor) =>
      reads.speakersOfBroadcasts(broadcastIds, tx),
    /** `PATCH /api/core/user/{id}/` with `org_user {event, org_user_data}`. */
    updateOrgProfile: (...args: Parameters<typeof speakers.updateOrgProfile>) =>
      speakers.updateOrgProfile(...args),
    /** The event app (attendee origin): the event's speakers not hidden, by rank. */
    async visibleSpeakersOf(eventId: string) {
      const rows = await writes.people.where({ eventId, audiences: [{ role: EVENT_ROLES.SPEAKER }] });
      return rows.filter((row) => !row.hidden);
    },
    /** The event app's People tab: a page of the event's attendees who may enter, by first name. */
    attendeeDirectoryOf: (eventId: string, page: PageRequest) =>
      writes.people.list(
        { eventId, role: EVENT_ROLES.ATTENDEE, admitted: true, hidden: false, ordering: 'first_name' },
        page,
      ),
    /** The event app: the person's profile as the event's organisation knows them (undefined: not in the event). */
    async profileInEvent(eventId: string, userId: string) {
      return (await writes.people.where({ eventId, userId }))[0];
    },
    /** The event app's onboarding: the person's own profile in the event's organisation. */
    async saveProfileInEvent(
      eventId: string,
      userId: string,
      profile: Pick<ProfileFields, 'first_name' | 'last_name' | 'title' | 'company'>,
    ): Promise<void> {
      const person = (await writes.people.where({ eventId, userId }))[0];
      if (!person) return;
      await writes.people.upsertProfile(
        person.organization_id,
        userId,
        {
          profile_picture_url: person.profile_picture_url,
          linkedin_url: person.linkedin_url,
          twitter_url: person.twitter_url,
          bio: person.bio,
          ...profile,
        },
        profile,
      );
      await writes.profileChanged(person.organization_id, userId);
    },
    /** Removes registrants' ATTENDEE roles (their registrations go with them): bulk delete. */
    removeAttendees: (eventRoleIds: readonly string[], tx: Executor) => roles.deleteByIds(eventRoleIds, tx),
    /** Event duplication's step: provide it after the programme's. */
    copyStep: reads.copyStep,
  };
}

export type EventRolesService = ReturnType<typeof createEventRolesService>;
