import { EVENT_ROLES, findRole, type Broadcast, type Page } from '@studio/domain';
import { DEMO_CHECK_IN_STAFF, DEMO_SPEAKERS, DEMO_STAFF } from './demo-content.ts';
import { portrait, uploadPng } from './demo-images.ts';
import type { StudioClient } from './studio-client.ts';

const roleId = (name: string) => findRole(name)!.id;

/** The demo conference's speakers (with portraits and their sessions), its staff and its check-in staff. */
export async function addDemoPeople(api: StudioClient, eventId: string): Promise<string> {
  const sessions = await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}&limit=1000`);
  const sessionIds = (titles: readonly string[]) =>
    sessions.results.filter((session) => titles.includes(session.title)).map((session) => session.id);

  for (const { colour, sessions: titles, role, ...person } of DEMO_SPEAKERS) {
    const picture = await portrait(`${person.first_name[0]}${person.last_name[0]}`, colour);
    const key = `events/${eventId}/speaker-${person.first_name.toLowerCase()}.png`;
    const url = (await uploadPng(api, key, picture, 'image')).content_url;
    const broadcasts = sessionIds(titles);
    await api.post('/api/event/event-roles/', {
      event: eventId,
      role: EVENT_ROLES.SPEAKER,
      user: { ...person, profile_picture_url: url },
      broadcasts,
      permission_roles: [{ role: roleId(role), broadcasts }],
      send_email_invite: true,
      send_calendar_invite: true,
    });
  }
  const members = await api.get<Page<{ id: string; email: string }>>('/api/core/users/?limit=100');
  for (const { role, ...person } of DEMO_STAFF) {
    const member = members.results.find((candidate) => candidate.email === person.email);
    await api.post('/api/event/staff/', {
      event: eventId,
      user: member ? member.id : person,
      user_type: 'staff',
      event_app_role: roleId(role),
      broadcasts: sessions.results.map((session) => session.id),
      send_email_invite: true,
    });
  }
  await api.post('/api/event/event-roles/', {
    event: eventId,
    role: EVENT_ROLES.CHECK_IN_STAFF,
    ...DEMO_CHECK_IN_STAFF,
  });
  return `${DEMO_SPEAKERS.length} speakers with portraits, a producer, a coordinator and a check-in staff member (their invitations and magic links are in the outbox)`;
}
