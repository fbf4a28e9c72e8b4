import {
  EVENT_ROLES,
  ROLE_GROUPS,
  STAFF_USER_TYPE,
  type createStaffSchema,
  type StaffMember,
  type updateStaffSchema,
} from '@studio/domain';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { toEventRole } from './event-roles.answers.ts';
import type { SessionRoleRow } from './event-roles.repository.ts';
import type { PersonRow } from './people.repository.ts';
import type { EventContext, PeopleWrites } from './people-writes.ts';

type CreateStaff = z.output<typeof createStaffSchema>;
type UpdateStaff = z.output<typeof updateStaffSchema>;

const isStaff = (row: PersonRow) => row.role === EVENT_ROLES.ORGANIZER && row.user_type === STAFF_USER_TYPE;

/**
 * Staff of an event (002 §3.10, §7.7): producers and coordinators, holding ORGANIZER with user type
 * staff, a Staff Roles role where no session names one, and a role per session.
 */
export function createStaffService(writes: PeopleWrites, db: Executor) {
  const { roles, people, eventOf } = writes;

  /** `roles`: the event_app role with the sessions it applies to, then each role assigned per session. */
  async function answersOf(rows: readonly PersonRow[]): Promise<StaffMember[]> {
    const sessions = await writes.sessionsOfPeople(rows);
    const names = new Map<string, string>();
    const nameOf = async (organizationId: string, id: string) => {
      if (!names.has(id))
        names.set(id, (await writes.access.findRole(organizationId, id))?.display_name ?? '');
      return names.get(id)!;
    };
    const members: StaffMember[] = [];
    for (const row of rows) {
      const own: readonly SessionRoleRow[] = sessions.get(row.id) ?? [];
      const byRole = new Map<string, string[]>();
      if (row.event_app_role_id) byRole.set(row.event_app_role_id, []);
      for (const session of own) {
        const role = session.role_id ?? row.event_app_role_id;
        if (role) byRole.set(role, [...(byRole.get(role) ?? []), session.broadcast_id]);
      }
      const staffRoles = [];
      for (const [id, broadcasts] of byRole)
        staffRoles.push({ role: { id, name: await nameOf(row.organization_id, id) }, broadcasts });
      members.push({ ...toEventRole(row, own), roles: staffRoles });
    }
    return members;
  }
  async function answerOf(id: string): Promise<StaffMember> {
    const row = await people.find(id);
    if (!row) throw notFound();
    return (await answersOf([row]))[0]!;
  }

  return {
    async list(caller: Caller, eventId: string, ordering: 'created_at' | '-created_at', page: PageRequest) {
      const { event } = await eventOf(caller, eventId, 'event:read');
      const { count, rows } = await people.list(
        { eventId: event.id, role: EVENT_ROLES.ORGANIZER, userType: STAFF_USER_TYPE, ordering },
        page,
      );
      return { count, results: await answersOf(rows) };
    },

    async create(caller: Caller, request: CreateStaff): Promise<StaffMember> {
      const context = await eventOf(caller, request.event, 'event:update');
      const { id } = await writes.add(context, {
        ...request,
        role: EVENT_ROLES.ORGANIZER,
        userType: STAFF_USER_TYPE,
        roleGroup: ROLE_GROUPS.staff,
        hidden: false,
      });
      await writes.changed(context.event, []);
      return answerOf(id);
    },

    /** A staff member the caller may change (the PATCH guard's load; 404 otherwise). */
    changeableStaff: (caller: Caller, id: string) => writes.personOf(caller, id, 'event:update', isStaff),

    /** PATCH of the staff member the guard loaded (changeableStaff) with their event. */
    async update(
      { object: person }: { object: EventContext & { row: PersonRow } },
      request: UpdateStaff,
    ): Promise<StaffMember> {
      const { event, member, row } = person;
      const { id } = row;
      await writes.checkRoles(member, ROLE_GROUPS.staff, request.event_app_role, request.permission_roles);
      await db.transaction().execute(async (tx: Executor) => {
        await writes.changeSessions(event.id, id, request, tx);
        if (request.event_app_role) await roles.update(id, { event_app_role_id: request.event_app_role }, tx);
      });
      await writes.changed(event, []);
      return answerOf(id);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const { event } = await writes.personOf(caller, id, 'event:update', isStaff);
      await db.transaction().execute((tx: Executor) => roles.deleteByIds([id], tx));
      await writes.changed(event, []);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
