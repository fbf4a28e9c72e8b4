import type {
  BulkEventRolesAnswer,
  EventRoleAnswer,
  Page,
  Role,
  StaffMember,
  StudioEvent,
} from '@studio/domain';
import type { TestStudio } from '../../../test/harness.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { agendaApi } from '../programme/agenda/agenda.fixtures.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';

/** The built-in speaker roles (migration 0018), listed FullAccess, ShareAccess, StageAccess. */
export const SPEAKER_ROLES = {
  FullAccess: '7f0c1a52-3f4e-4d1a-9a51-000000000010',
  ShareAccess: '7f0c1a52-3f4e-4d1a-9a51-000000000011',
  StageAccess: '7f0c1a52-3f4e-4d1a-9a51-000000000012',
};

export type Answer<T> = T & { code: string; message: string; errors: Record<string, string[]> };

/** The people calls as one organiser. */
export function peopleApi(api: Api) {
  return {
    list: (query: string) => api.get<Page<EventRoleAnswer>>(`/api/event/event-roles/?${query}`),
    create: (body: Record<string, unknown>) =>
      api.post<Answer<EventRoleAnswer>>('/api/event/event-roles/', body),
    patch: (id: string, body: Record<string, unknown>) =>
      api.patch<Answer<EventRoleAnswer>>(`/api/event/event-roles/${id}/`, body),
    remove: (id: string) => api.delete(`/api/event/event-roles/${id}/`),
    reorder: (ranks: { event_role: string; rank: number }[]) =>
      api.post<Answer<EventRoleAnswer[]>>('/api/event/event-roles/reorder/', { updated_ranks: ranks }),
    bulk: (body: Record<string, unknown>) =>
      api.post<Answer<BulkEventRolesAnswer>>('/api/event/event-roles/bulk/', body),
    staff: (eventId: string) =>
      api.get<Page<StaffMember>>(`/api/event/staff/?event=${eventId}&user_type=staff&ordering=created_at`),
    createStaff: (body: Record<string, unknown>) => api.post<Answer<StaffMember>>('/api/event/staff/', body),
    patchStaff: (id: string, body: Record<string, unknown>) =>
      api.patch<Answer<StaffMember>>(`/api/event/staff/${id}/`, body),
    removeStaff: (id: string) => api.delete(`/api/event/staff/${id}/`),
    defaultRole: (eventId: string) =>
      api.get<Answer<{ event: string; role: string | null }>>(`/api/event/${eventId}/default_speaker_role/`),
    setDefaultRole: (eventId: string, role: string | null) =>
      api.put<Answer<{ event: string; role: string | null }>>(`/api/event/${eventId}/default_speaker_role/`, {
        role,
      }),
  };
}
export type PeopleApi = ReturnType<typeof peopleApi>;

/** A speaker's details, unique by `name`. */
let speakersMade = 0;
/** A new speaker's details; the address is unique and has no letters but the name's (searches match by name). */
export const speakerDetails = (name: string, fields: Record<string, unknown> = {}) => ({
  email: `${name.toLowerCase()}-${Date.now()}${(speakersMade += 1)}@speakers.test`,
  first_name: name,
  last_name: 'Speaker',
  ...fields,
});

/** An organisation with an event of two sessions, its admin's calls. */
export async function peopleSetup(studio: TestStudio, name: string) {
  const admin = await newAdmin(studio, name);
  const api = caller(studio, admin.access);
  const event: StudioEvent = await newEvent(api, {
    title: `${name} Summit`,
    start: '2031-06-01T09:00:00Z',
    end: '2031-06-01T17:00:00Z',
    event_type: 'Conference',
  });
  const session = async (title: string, hour: number) => {
    const created = await agendaApi(api).createSession({
      event: event.id,
      title,
      broadcast_type: 'LIVE',
      start_time: `2031-06-01T${hour}:00:00Z`,
      end_time: `2031-06-01T${hour}:30:00Z`,
    });
    if (created.status !== 201) throw new Error(`session failed: ${JSON.stringify(created.body)}`);
    return created.body.id;
  };
  const sessions = [await session('Keynote', 10), await session('Panel', 11)];
  const staffRoles = (
    await api.get<Page<Role>>('/api/core/roles/?realm=event_app&role_group=Staff%20Roles&limit=10')
  ).body.results;
  const roleNamed = (roleName: string) => staffRoles.find((role) => role.name === roleName)!.id;
  return {
    admin,
    api,
    people: peopleApi(api),
    organizationId: admin.organization.id,
    event,
    sessions,
    producer: roleNamed('PRODUCER'),
    coordinator: roleNamed('COORDINATOR'),
  };
}
