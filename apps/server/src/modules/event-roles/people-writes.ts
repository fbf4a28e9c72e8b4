import { EVENT_ROLES, peopleMessages, type newPersonSchema, type permissionRoleSchema } from '@studio/domain';
import type { z } from 'zod';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import type { AccessService } from '../access/access.service.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { eventPartsTable } from '../back-office/event-parts.ts';
import type { EventCore, ProgrammeEvent } from '../back-office/events/event-core.service.ts';
import type { UserRecord, UsersService } from '../users/users.service.ts';
import type { PeopleInvitations } from './event-people.ts';
import { sessionsByPerson } from './event-roles.answers.ts';
import { createEventRolesRepository, type SessionRoleRow } from './event-roles.repository.ts';
import {
  createPeopleRepository,
  type PersonRow,
  type ProfileFields,
  type RefusesEntry,
} from './people.repository.ts';

/** Told after a person's profile in the organisation changed from one of its events (their own edit, an organiser's). */
/** A person's profile in the organisation changed (it is one profile across its events). */
export type ProfileChanged = (organizationId: string, userId: string) => Promise<void>;

/** Told after a commit that changed speakers of these sessions (their sessions, role, hidden or profile). */
export type SessionsChanged = (
  organizationId: string,
  eventId: string,
  broadcastIds: readonly string[],
) => Promise<void>;

export interface EventRolesDeps {
  db: Executor;
  /** The back office's events: the event a person belongs to, seen by the caller (`programmeEventOf`). */
  events: Pick<EventCore, 'programmeEventOf' | 'programmeChanged'>;
  users: Pick<UsersService, 'findById' | 'findCredentialsByEmail' | 'insertIfEmailFree'>;
  access: Pick<AccessService, 'offers' | 'listedRoles' | 'findRole'>;
  /** The programme's agenda: those of `ids` that are sessions of the event. */
  sessionIdsOf: (eventId: string, ids: readonly string[], tx?: Executor) => Promise<string[]>;
  /** Invitations, looked up when one is sent (another module provides them). */
  invitations: () => PeopleInvitations;
  onSessionsChanged: SessionsChanged;
  /** Registration reports a registrant's changed profile (user_profile:updated). */
  onProfileChanged: ProfileChanged;
  /** Registration: whether a person is refused entry (blocked, cancelled, rejected). */
  refusesEntry: RefusesEntry;
  /** Where an organisation's event apps open (a person's own events list). */
  attendeeBaseUrl: AttendeeBaseUrl;
}

export type NewPersonInput = z.output<typeof newPersonSchema>;

/** A person as the organisation's profile names them (personFor). */
export interface ProfiledPerson {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}
type PermissionRoles = readonly z.output<typeof permissionRoleSchema>[] | undefined;
/** Who an organiser acts for: the event's organisation, as the caller. */
export interface EventContext {
  event: ProgrammeEvent;
  member: { organizationId: string; userId: string };
}

const already: Record<number, string> = {
  [EVENT_ROLES.SPEAKER]: peopleMessages.alreadySpeaker,
  [EVENT_ROLES.ORGANIZER]: peopleMessages.alreadyStaff,
  [EVENT_ROLES.CHECK_IN_STAFF]: peopleMessages.alreadyCheckInStaff,
};
export const alreadyInEvent = (role: number) =>
  fieldError('user', already[role] ?? peopleMessages.alreadySpeaker, 'ALREADY_IN_EVENT');

/** The profile columns copied from a person's account. */
const profileOfUser = (user: UserRecord): ProfileFields => ({
  first_name: user.first_name,
  last_name: user.last_name,
  title: user.title,
  company: user.company,
  profile_picture_url: user.profile_picture_url,
  linkedin_url: user.linkedin_url,
  twitter_url: user.twitter_url,
  bio: null,
});

/** The given fields of a profile change (undefined: left as it is). */
export function givenProfile(details: Partial<Record<keyof ProfileFields, string | null | undefined>>) {
  const changes: Partial<ProfileFields> = {};
  for (const [key, value] of Object.entries(details) as [keyof ProfileFields, string | null | undefined][])
    if (value !== undefined) Object.assign(changes, { [key]: value });
  return changes;
}

/** What every people call shares: the caller's event, the person, their sessions and roles. */
export function createPeopleWrites(deps: EventRolesDeps) {
  const { events, users, access } = deps;
  const roles = createEventRolesRepository(deps.db);
  const people = createPeopleRepository(deps.db, deps.refusesEntry);
  /** People are ranked within their role, as the other parts of an event are (the kit's statements). */
  const ranks = eventPartsTable(deps.db, { table: 'event_roles', ranked: true, groupedBy: 'role' });

  async function eventOf(
    caller: Caller,
    eventId: string,
    permission: 'event:read' | 'event:update',
  ): Promise<EventContext> {
    const { event } = await events.programmeEventOf(caller, eventId, permission);
    return { event, member: { organizationId: event.organizationId, userId: caller.userId } };
  }

  /** Enqueues these people's invitations in the caller's transaction (nothing sent if it rolls back). */
  const invite = (event: ProgrammeEvent, eventRoleIds: readonly string[], calendar: boolean, tx: Executor) =>
    deps
      .invitations()
      .enqueue({ organizationId: event.organizationId, eventId: event.id, eventRoleIds, calendar }, tx);

  const writes = {
    roles,
    people,
    ranks,
    eventOf,
    access,
    invitations: deps.invitations,
    invite,

    /** These people's session rows, by event role. */
    sessionsOfPeople: async (rows: readonly PersonRow[], tx?: Executor) =>
      sessionsByPerson(
        await roles.sessionsOf(
          rows.map((row) => row.id),
          tx,
        ),
      ),

    /**
     * Adds a person to the event (speakers, check-in staff, staff): the roles checked against the
     * group, then in one transaction the person (found or created), their sessions, the event role
     * last of its role's ranks and the invitations asked for. Answers the event role and sessions.
     */
    async add(
      { event, member }: EventContext,
      person: {
        user: string | NewPersonInput;
        role: number;
        userType: string | null;
        roleGroup: string | null;
        hidden: boolean;
        event_app_role?: string | null | undefined;
        broadcasts?: readonly string[] | undefined;
        permission_roles?: PermissionRoles;
        send_email_invite: boolean;
        send_calendar_invite: boolean;
      },
    ): Promise<{ id: string; sessions: { broadcast_id: string; role_id: string | null }[] }> {
      await writes.checkRoles(member, person.roleGroup, person.event_app_role, person.permission_roles);
      if (person.send_email_invite) await deps.invitations().ready();
      return deps.db.transaction().execute(async (tx) => {
        // First: the rank locks the event's ranks until the end, before anything else is written.
        const rank = await ranks.nextRank(event.id, person.role, tx);
        const { id: userId } = await writes.personFor(event.organizationId, person.user, tx);
        const sessions = await writes.sessionsFor(
          event.id,
          person.broadcasts,
          person.permission_roles,
          [],
          tx,
        );
        const id = await roles.insert(
          {
            event_id: event.id,
            user_id: userId,
            role: person.role,
            rank,
            hidden: person.hidden,
            user_type: person.userType,
            event_app_role_id: person.event_app_role ?? null,
          },
          tx,
        );
        if (!id) throw alreadyInEvent(person.role);
        await roles.setSessions(id, sessions, tx);
        if (person.send_email_invite || person.send_calendar_invite)
          await invite(event, [id], person.send_calendar_invite, tx);
        return { id, sessions };
      });
    },

    /** The event role of one of these roles, for an organiser who sees its event; 404 otherwise. */
    async personOf(
      caller: Caller,
      id: string,
      permission: 'event:read' | 'event:update',
      accepts: (row: PersonRow) => boolean,
    ): Promise<EventContext & { row: PersonRow }> {
      const row = isUuid(id) ? await people.find(id) : undefined;
      if (!row || !accepts(row)) throw notFound();
      return { ...(await eventOf(caller, row.event_id, permission)), row };
    },

    /**
     * The person `user` names — an existing user of the organisation (a member, or a person of one of
     * its events), or details: found by email, else created as an event-only person — with the
     * organisation's profile of them written: their id, email and name in that profile, and whether
     * this call created their account.
     */
    async personFor(
      organizationId: string,
      user: string | NewPersonInput,
      tx: Executor,
    ): Promise<ProfiledPerson & { created: boolean }> {
      if (typeof user === 'string') {
        const found = await users.findById(user, tx);
        const known =
          found &&
          (found.organization_id === organizationId ||
            (await people.isInEventsOf(organizationId, found.id, tx)));
        if (!found || !known) throw fieldError('user', peopleMessages.personNotFound);
        const name = await people.upsertProfile(organizationId, found.id, profileOfUser(found), {}, tx);
        return { id: found.id, email: found.email, ...name, created: false };
      }
      const known = await users.findCredentialsByEmail(user.email, tx);
      const inserted = known
        ? undefined
        : await users.insertIfEmailFree(
            {
              email: user.email,
              passwordHash: null,
              firstName: user.first_name,
              lastName: user.last_name,
              company: user.company ?? null,
              status: 'CONFIRMED',
            },
            tx,
          );
      const person = known ?? inserted ?? (await users.findCredentialsByEmail(user.email, tx));
      if (!person) throw fieldError('user', peopleMessages.personNotFound);
      const { email: _email, ...details } = user;
      const changes = givenProfile(details);
      const name = await people.upsertProfile(
        organizationId,
        person.id,
        { ...profileOfUser(person), ...changes },
        changes,
        tx,
      );
      return { id: person.id, email: person.email, ...name, created: inserted !== undefined };
    },

    /** Refuses a role not offered in the group (none offered without a group). */
    async checkRoles(
      member: EventContext['member'],
      roleGroup: string | null,
      eventAppRole: string | null | undefined,
      permissionRoles: PermissionRoles,
    ): Promise<void> {
      const offered = (roleId: string) =>
        roleGroup === null ? Promise.resolve(false) : access.offers(member, roleGroup, roleId);
      if (eventAppRole && !(await offered(eventAppRole)))
        throw fieldError('event_app_role', peopleMessages.roleNotOffered);
      for (const roleId of new Set((permissionRoles ?? []).map((entry) => entry.role)))
        if (!(await offered(roleId))) throw fieldError('permission_roles', peopleMessages.roleNotOffered);
    },

    /**
     * The person's sessions after a change: `broadcasts` (or the current ones) with every session
     * `permission_roles` names; roles from `permission_roles` (or the current ones). Each must be a
     * session of the event.
     */
    async sessionsFor(
      eventId: string,
      broadcasts: readonly string[] | undefined,
      permissionRoles: PermissionRoles,
      current: readonly SessionRoleRow[],
      tx: Executor,
    ): Promise<{ broadcast_id: string; role_id: string | null }[]> {
      const roleOf = new Map<string, string | null>();
      if (permissionRoles === undefined) for (const row of current) roleOf.set(row.broadcast_id, row.role_id);
      const ids = new Set(broadcasts ?? current.map((row) => row.broadcast_id));
      for (const entry of permissionRoles ?? [])
        for (const id of entry.broadcasts) {
          roleOf.set(id, entry.role);
          ids.add(id);
        }
      const known = new Set(await deps.sessionIdsOf(eventId, [...ids], tx));
      const unknown = [...ids].find((id) => !known.has(id));
      if (unknown !== undefined)
        throw fieldError(
          broadcasts?.includes(unknown) ? 'broadcasts' : 'permission_roles',
          peopleMessages.sessionNotInEvent,
        );
      return [...ids].map((id) => ({ broadcast_id: id, role_id: roleOf.get(id) ?? null }));
    },

    /**
     * A PATCH's sessions, in its transaction: when it names `broadcasts` or `permission_roles`, the
     * person's sessions become those `sessionsFor` answers. Answers the sessions touched: the
     * person's sessions before, and after when they changed.
     */
    async changeSessions(
      eventId: string,
      id: string,
      change: { broadcasts?: readonly string[] | undefined; permission_roles?: PermissionRoles },
      tx: Executor,
    ): Promise<string[]> {
      const current = await roles.sessionsOf([id], tx);
      const before = current.map((session) => session.broadcast_id);
      if (change.broadcasts === undefined && change.permission_roles === undefined) return before;
      const next = await writes.sessionsFor(eventId, change.broadcasts, change.permission_roles, current, tx);
      await roles.setSessions(id, next, tx);
      return [...before, ...next.map((session) => session.broadcast_id)];
    },

    /** After a commit: the changed speakers' sessions are told, a repeating event's programme follows. */
    async changed(event: ProgrammeEvent, broadcastIds: Iterable<string>): Promise<void> {
      const ids = [...new Set(broadcastIds)];
      if (ids.length > 0) await deps.onSessionsChanged(event.organizationId, event.id, ids);
      await events.programmeChanged(event.id);
    },

    /** After a commit: the person's profile changed (their own edit, an organiser's). */
    profileChanged: (organizationId: string, userId: string) => deps.onProfileChanged(organizationId, userId),
  };
  return writes;
}

export type PeopleWrites = ReturnType<typeof createPeopleWrites>;

/** Reorder's refusal: the ranks name people who are not all of one event the caller may change. */
export const unknownEventRoles = () =>
  new HttpError(400, 'UNKNOWN_EVENT_ROLES', peopleMessages.unknownEventRoles);
