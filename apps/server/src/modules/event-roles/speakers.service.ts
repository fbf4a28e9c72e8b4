import {
  EVENT_ROLES,
  peopleMessages,
  ROLE_GROUPS,
  selectedIds,
  STAFF_USER_TYPE,
  type bulkEventRolesSchema,
  type BulkEventRolesAnswer,
  type createEventRoleSchema,
  type EventPerson,
  type EventRoleAnswer,
  type EventRoleListQuery,
  type orgUserPatchSchema,
  type ReorderEventRoles,
  type updateEventRoleSchema,
} from '@studio/domain';
import type { z } from 'zod';
import { isUuid } from '../../platform/db/uuid.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { toEventPerson, toEventRole } from './event-roles.answers.ts';
import type { PersonRow } from './people.repository.ts';
import { givenProfile, unknownEventRoles, type EventContext, type PeopleWrites } from './people-writes.ts';

type CreateEventRole = z.output<typeof createEventRoleSchema>;
type UpdateEventRole = z.output<typeof updateEventRoleSchema>;
type BulkEventRoles = z.output<typeof bulkEventRolesSchema>;
type OrgUserPatch = z.output<typeof orgUserPatchSchema>;

/** The event roles managed on the speakers and check-in staff pages. */
const isSpeakerOrCheckIn = (row: PersonRow) =>
  row.role === EVENT_ROLES.SPEAKER || row.role === EVENT_ROLES.CHECK_IN_STAFF;
const roleGroupOf = (role: number) =>
  role === EVENT_ROLES.SPEAKER
    ? ROLE_GROUPS.speaker
    : role === EVENT_ROLES.ORGANIZER
      ? ROLE_GROUPS.staff
      : null;

/**
 * Speakers (role 4) and check-in staff (role 8) of an event (002 §3.9, §3.10, §4.7, §7.7): list,
 * add, change, remove, reorder, bulk actions, the default speaker role, the organisation's profile.
 */
export function createSpeakersService(writes: PeopleWrites, db: Executor) {
  const { roles, people, eventOf } = writes;

  async function answersOf(rows: readonly PersonRow[], tx?: Executor): Promise<EventRoleAnswer[]> {
    const sessions = await writes.sessionsOfPeople(rows, tx);
    return rows.map((row) => toEventRole(row, sessions.get(row.id) ?? []));
  }
  async function answerOf(id: string): Promise<EventRoleAnswer> {
    const row = await people.find(id);
    if (!row) throw notFound();
    return (await answersOf([row]))[0]!;
  }
  const sessionIds = async (ids: readonly string[], tx?: Executor) =>
    (await roles.sessionsOf(ids, tx)).map((row) => row.broadcast_id);

  return {
    answersOf,

    /** For the guards' load: the event, when the caller may change it (404 otherwise). */
    changeableEvent: (caller: Caller, eventId: string) => eventOf(caller, eventId, 'event:update'),

    /**
     * For the guards' load: this speaker, check-in staff or staff member, when the caller may change
     * them (404 otherwise).
     */
    changeablePerson: (caller: Caller, id: string) =>
      writes.personOf(caller, id, 'event:update', isSpeakerOrCheckIn),

    async list(caller: Caller, query: EventRoleListQuery, page: PageRequest) {
      const { event } = await eventOf(caller, query.event, 'event:read');
      const { count, rows } = await people.list(
        {
          eventId: event.id,
          role: query.role,
          userType: query.role === EVENT_ROLES.ORGANIZER ? STAFF_USER_TYPE : undefined,
          search: query.search,
          companies: query.company__in,
          hidden: query.hidden,
          broadcast: query.broadcast,
          ordering: query.ordering,
        },
        page,
      );
      return { count, results: await answersOf(rows) };
    },

    async create(caller: Caller, request: CreateEventRole): Promise<EventRoleAnswer> {
      const context = await eventOf(caller, request.event, 'event:update');
      const { id, sessions } = await writes.add(context, {
        ...request,
        user: request.user ?? {
          email: request.email!,
          first_name: request.first_name!,
          last_name: request.last_name!,
        },
        userType: null,
        roleGroup: roleGroupOf(request.role),
      });
      await writes.changed(
        context.event,
        request.role === EVENT_ROLES.SPEAKER ? sessions.map((s) => s.broadcast_id) : [],
      );
      return answerOf(id);
    },

    /** PATCH of the person the guard loaded (changeablePerson) with their event. */
    async update(
      { object: person }: { object: EventContext & { row: PersonRow } },
      request: UpdateEventRole,
    ): Promise<EventRoleAnswer> {
      const { event, member, row } = person;
      const { id } = row;
      await writes.checkRoles(
        member,
        roleGroupOf(row.role),
        request.event_app_role,
        request.permission_roles,
      );
      const touched = await db.transaction().execute(async (tx) => {
        const sessions = await writes.changeSessions(event.id, id, request, tx);
        await roles.update(
          id,
          {
            ...(request.hidden === undefined ? {} : { hidden: request.hidden }),
            ...(request.event_app_role === undefined ? {} : { event_app_role_id: request.event_app_role }),
          },
          tx,
        );
        return sessions;
      });
      await writes.changed(event, row.role === EVENT_ROLES.SPEAKER ? touched : []);
      return answerOf(id);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const { event, row } = await writes.personOf(caller, id, 'event:update', isSpeakerOrCheckIn);
      const sessions = await sessionIds([id]);
      await db.transaction().execute((tx) => roles.deleteByIds([id], tx));
      await writes.changed(event, row.role === EVENT_ROLES.SPEAKER ? sessions : []);
    },

    /** New ranks of some of one event's people; refused whole (400) when any is not of one visible event. */
    async reorder(caller: Caller, request: ReorderEventRoles): Promise<EventRoleAnswer[]> {
      const ids = request.updated_ranks.map((entry) => entry.event_role);
      const refs = await roles.refsOf(ids);
      const eventIds = new Set(refs.map((ref) => ref.event_id));
      const [eventId] = eventIds;
      if (refs.length !== ids.length || eventIds.size !== 1 || !eventId) throw unknownEventRoles();
      const { event } = await eventOf(caller, eventId, 'event:update').catch((error: unknown) => {
        throw error instanceof HttpError && error.status === 404 ? unknownEventRoles() : error;
      });
      await db.transaction().execute((tx) =>
        writes.ranks.setRanks(
          request.updated_ranks.map((entry) => ({ id: entry.event_role, rank: entry.rank })),
          tx,
        ),
      );
      const speakers = refs.filter((ref) => ref.role === EVENT_ROLES.SPEAKER).map((ref) => ref.id);
      await writes.changed(event, await sessionIds(speakers));
      const rows = await people.where({ ids });
      return answersOf(
        [...rows].sort((a, b) => a.rank - b.rank || a.created_at.getTime() - b.created_at.getTime()),
      );
    },

    /** One action on a selection (listed ids, or all but the exclusions) of one role's people of the event. */
    async bulk(caller: Caller, request: BulkEventRoles): Promise<BulkEventRolesAnswer> {
      const userType = request.role === EVENT_ROLES.ORGANIZER ? STAFF_USER_TYPE : null;
      // The people are read while the event's scope is checked (one round trip less); they are only
      // used once the caller is known to change the event — and nothing is read for a bad id.
      const listed = isUuid(request.event) ? roles.idsOf(request.event, request.role, userType) : undefined;
      listed?.catch(() => {});
      const { event } = await eventOf(caller, request.event, 'event:update');
      const ids = selectedIds(
        request.selection,
        await (listed ?? roles.idsOf(event.id, request.role, userType)),
      );
      if (request.action === 'resend_invite') {
        const job =
          ids.length === 0
            ? null
            : await writes.invitations().enqueueBulk({
                organizationId: event.organizationId,
                eventId: event.id,
                eventRoleIds: ids,
                calendar: request.send_calendar_invite,
              });
        return { count: ids.length, job };
      }
      const sessions = request.role === EVENT_ROLES.SPEAKER ? await sessionIds(ids) : [];
      await db
        .transaction()
        .execute((tx) =>
          request.action === 'remove'
            ? roles.deleteByIds(ids, tx)
            : roles.setHidden(ids, request.action === 'hide', tx),
        );
      await writes.changed(event, sessions);
      return { count: ids.length, job: null };
    },

    async defaultSpeakerRole(caller: Caller, eventId: string) {
      const { event } = await eventOf(caller, eventId, 'event:read');
      return { event: event.id, role: await people.defaultSpeakerRole(event.id) };
    },

    async setDefaultSpeakerRole(caller: Caller, eventId: string, role: string | null) {
      const { event, member } = await eventOf(caller, eventId, 'event:update');
      if (role !== null && !(await writes.access.offers(member, ROLE_GROUPS.speaker, role)))
        throw fieldError('role', peopleMessages.roleNotOffered);
      await people.setDefaultSpeakerRole(event.id, role);
      const speakers = await roles.idsOf(event.id, EVENT_ROLES.SPEAKER, null);
      await writes.changed(event, await sessionIds(speakers));
      return { event: event.id, role };
    },

    /**
     * PATCH /api/core/user/{id}/ with `org_user` (002 §7.6): the organisation's profile of a person
     * of one of its events, for a caller who may change that event.
     */
    async updateOrgProfile(caller: Caller, userId: string, patch: OrgUserPatch): Promise<EventPerson> {
      const { event } = await eventOf(caller, patch.event, 'event:update');
      const inEvent = await people.where({ eventId: event.id, userId });
      const first = inEvent[0];
      if (!first) throw notFound();
      const changes = givenProfile(patch.org_user_data);
      await people.upsertProfile(
        event.organizationId,
        userId,
        {
          first_name: first.first_name,
          last_name: first.last_name,
          title: first.title,
          company: first.company,
          profile_picture_url: first.profile_picture_url,
          linkedin_url: first.linkedin_url,
          twitter_url: first.twitter_url,
          bio: first.bio,
          ...changes,
        },
        changes,
      );
      const speaker = inEvent.filter((row) => row.role === EVENT_ROLES.SPEAKER).map((row) => row.id);
      await writes.changed(event, await sessionIds(speaker));
      await writes.profileChanged(event.organizationId, userId);
      const updated = await people.find(first.id);
      return toEventPerson(updated!);
    },
  };
}

export type SpeakersService = ReturnType<typeof createSpeakersService>;
