import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ROLES, peopleMessages, type EventRole, type StudioEvent } from '@studio/domain';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';
import { bearer, newUser } from '../../../test/harness.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { agendaApi } from '../programme/agenda/agenda.fixtures.ts';

const attendeeOrigin = 'https://events.example.test';
const FULL_ACCESS = '7f0c1a52-3f4e-4d1a-9a51-000000000010';
const { studio, admin, api } = fileStudioWithAdmin('Links Org', { eventsPublicUrl: attendeeOrigin });
let event: StudioEvent;
let otherEvent: StudioEvent;

type Answer = { url: string; code?: string; message?: string };

beforeAll(async () => {
  const times = { start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', timezone: 'America/New_York' };
  event = await newEvent(api, { title: 'Summit <2031>', ...times });
  otherEvent = await newEvent(api, { title: 'Other summit', ...times });
});

const grant = (eventId: string, userId: string, role: EventRole) =>
  studio.database.db.insertInto('event_roles').values({ event_id: eventId, user_id: userId, role }).execute();

/** A person (their own account) holding `role` in the event; answers their id and email. */
async function personIn(
  target: StudioEvent,
  role: EventRole,
  names = { first_name: 'Grace', last_name: 'Hopper' },
) {
  const person = await newUser(studio.app, names);
  await grant(target.id, person.user.id, role);
  return { id: person.user.id, email: person.user.email, access: person.access };
}

const linkBy = (query: string, as = api) => as.get<Answer>(`/api/event/magic_link/?${query}`);
const reissue = (payload: Record<string, unknown>) =>
  api.post<Answer>('/api/event/magic_link/reissue/', payload);

/** Opens a link on the attendee site in a fresh cookie jar; answers the entrance and the page it leads to. */
async function open(url: string) {
  const { pathname, search, origin } = new URL(url);
  expect(origin).toBe(attendeeOrigin);
  const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
  const cookie = entrance.headers['set-cookie'];
  const location = entrance.headers.location;
  const page =
    typeof cookie === 'string' && typeof location === 'string'
      ? await studio.attendeeSite.inject({
          method: 'GET',
          url: location,
          headers: { cookie: cookie.split(';')[0] },
        })
      : undefined;
  return { entrance, cookie, page };
}

describe('magic links (002 §7.6)', () => {
  it('answers the same URL on every ask, by email or by user id, on the attendee origin', async () => {
    const speaker = await personIn(event, EVENT_ROLES.SPEAKER);
    const byEmail = await linkBy(
      `email=${encodeURIComponent(speaker.email.toUpperCase())}&event_id=${event.id}`,
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.url).toMatch(new RegExp(`^${attendeeOrigin}/e/${event.id}/enter\\?token=[\\w.-]+$`));
    const byId = await linkBy(`user_id=${speaker.id}&event_id=${event.id}`);
    expect(byId.body.url).toBe(byEmail.body.url);
    expect((await linkBy(`user_id=${speaker.id}&event_id=${event.id}`)).body.url).toBe(byEmail.body.url);
  });

  it('opens the event as the person, with an HttpOnly cookie scoped to the event, and records the use', async () => {
    const speaker = await personIn(event, EVENT_ROLES.SPEAKER);
    const { body } = await linkBy(`user_id=${speaker.id}&event_id=${event.id}`);
    const { entrance, cookie, page } = await open(body.url);
    expect(entrance.statusCode).toBe(303);
    expect(entrance.headers.location).toBe(`/e/${event.id}/live`);
    expect(cookie).toContain(`Path=/e/${event.id}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Secure');
    expect(entrance.headers['referrer-policy']).toBe('no-referrer');
    expect(page?.statusCode).toBe(200);
    const used = await studio.database.db
      .selectFrom('event_magic_links')
      .select('last_used_at')
      .where('user_id', '=', speaker.id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).toBeInstanceOf(Date);
  });

  it('re-issuing ends the earlier URL and the sessions it opened; the new one works', async () => {
    const speaker = await personIn(event, EVENT_ROLES.SPEAKER);
    const first = (await linkBy(`user_id=${speaker.id}&event_id=${event.id}`)).body.url;
    const opened = await open(first);
    const again = await reissue({ user_id: speaker.id, event_id: event.id });
    expect(again.status).toBe(200);
    expect(again.body.url).not.toBe(first);
    expect((await linkBy(`user_id=${speaker.id}&event_id=${event.id}`)).body.url).toBe(again.body.url);

    const old = await open(first);
    expect(old.entrance.statusCode).toBe(401);
    expect(old.entrance.headers['content-type']).toContain('text/html');
    expect(old.entrance.body).toContain(escaped(peopleMessages.magicLinkInvalid));
    expect(old.cookie).toBeUndefined();
    const oldSession = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}/live`,
      headers: { cookie: String(opened.cookie).split(';')[0] },
    });
    expect(oldSession.statusCode).toBe(401);
    expect((await open(again.body.url)).page?.statusCode).toBe(200);
  });

  it("refuses a URL of one event on another event's path, a forged MAC and a missing token", async () => {
    const speaker = await personIn(event, EVENT_ROLES.SPEAKER);
    await grant(otherEvent.id, speaker.id, EVENT_ROLES.SPEAKER);
    const url = new URL((await linkBy(`user_id=${speaker.id}&event_id=${event.id}`)).body.url);
    const token = url.searchParams.get('token') ?? '';
    const enter = (path: string) => studio.attendeeSite.inject({ method: 'GET', url: path });
    expect((await enter(`/e/${otherEvent.id}/enter?token=${token}`)).statusCode).toBe(401);
    expect((await enter(`/e/${event.id}/enter?token=${token.slice(0, -2)}xx`)).statusCode).toBe(401);
    expect((await enter(`/e/${event.id}/enter`)).statusCode).toBe(401);
    expect((await enter(`/e/not-an-id/enter?token=a.b.c`)).statusCode).toBe(401);
    const live = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${otherEvent.id}/live`,
      headers: { cookie: `event_access=${token}` },
    });
    expect(live.statusCode).toBe(401);
    expect((await studio.attendeeSite.inject({ method: 'GET', url: `/e/${event.id}/live` })).statusCode).toBe(
      401,
    );
  });

  it("refuses the URL once the person's email changes, and once they leave the event", async () => {
    const speaker = await personIn(event, EVENT_ROLES.SPEAKER);
    const url = (await linkBy(`user_id=${speaker.id}&event_id=${event.id}`)).body.url;
    await studio.database.db
      .updateTable('users')
      .set({ email: `moved-${speaker.email}` })
      .where('id', '=', speaker.id)
      .execute();
    expect((await open(url)).entrance.statusCode).toBe(401);
    const renewed = (await linkBy(`user_id=${speaker.id}&event_id=${event.id}`)).body.url;
    expect(renewed).not.toBe(url);
    expect((await open(renewed)).entrance.statusCode).toBe(303);

    await studio.database.db.deleteFrom('event_roles').where('user_id', '=', speaker.id).execute();
    expect((await open(renewed)).entrance.statusCode).toBe(401);
    const refused = await linkBy(`user_id=${speaker.id}&event_id=${event.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'USER_NOT_REGISTERED',
      message: peopleMessages.userNotRegistered,
    });
  });

  it('works in a fresh browser while the studio is signed in as someone else', async () => {
    const speaker = await personIn(event, EVENT_ROLES.SPEAKER);
    const url = (await linkBy(`user_id=${speaker.id}&event_id=${event.id}`)).body.url;
    // The studio speaks bearer tokens: the organiser stays themself there…
    const me = await studio.app.inject({
      method: 'GET',
      url: '/api/core/user/me/',
      headers: bearer(admin.access),
    });
    // …and the attendee origin takes no studio token: the link alone lets the speaker in.
    const { page } = await open(url);
    expect(page?.statusCode).toBe(200);
    expect(page?.body).toContain('Signed in as Grace Hopper');
    const withBearer = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}/live`,
      headers: bearer(admin.access),
    });
    expect(withBearer.statusCode).toBe(401);
    expect(me.statusCode).toBe(200);
    expect(me.json<{ id: string }>().id).not.toBe(speaker.id);
  });

  it('shows the event, the person as their role, and their sessions with times and role', async () => {
    const agenda = agendaApi(api);
    const keynote = await agenda.createSession({
      event: event.id,
      title: 'Keynote & <opening>',
      start_time: '2031-05-01T14:00:00Z',
      end_time: '2031-05-01T15:00:00Z',
      broadcast_type: 'LIVE',
    });
    const panel = await agenda.createSession({
      event: event.id,
      title: 'Panel',
      start_time: '2031-05-01T16:00:00Z',
      end_time: '2031-05-01T17:00:00Z',
      broadcast_type: 'LIVE',
    });
    const speaker = await personIn(event, EVENT_ROLES.SPEAKER, { first_name: 'Ada', last_name: 'Lovelace' });
    const db = studio.database.db;
    const role = await db
      .selectFrom('event_roles')
      .select('id')
      .where('user_id', '=', speaker.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('event_role_sessions')
      .values([
        { event_role_id: role.id, broadcast_id: keynote.body.id, role_id: FULL_ACCESS },
        { event_role_id: role.id, broadcast_id: panel.body.id, role_id: null },
      ])
      .execute();
    const { page } = await open((await linkBy(`user_id=${speaker.id}&event_id=${event.id}`)).body.url);
    const html = page?.body ?? '';
    expect(html).toContain('<h1 data-event-title>Summit &lt;2031&gt;</h1>');
    expect(html).toContain('May 1, 2031, 9:00');
    expect(html).toContain('GMT-4');
    expect(html).toContain('Signed in as Ada Lovelace · Speaker');
    expect(html).toContain('Keynote &amp; &lt;opening&gt;');
    expect(html).toMatch(/10:00\s–\s11:00\sAM GMT-4 · Full Access/);
    expect(html).toMatch(/12:00\s–\s1:00\sPM GMT-4 · Speaker/);
    expect(html.indexOf('Keynote')).toBeLessThan(html.indexOf('Panel'));
    expect(page?.headers['content-security-policy']).toContain("default-src 'none'");
    // No build in tests: the page carries the island's data, no script to run.
    expect(html).not.toContain('<script type="module"');
  });

  it('names staff by their staff role', async () => {
    const producer = await personIn(event, EVENT_ROLES.ORGANIZER, {
      first_name: 'Pat',
      last_name: 'Producer',
    });
    const coordinator = await personIn(event, EVENT_ROLES.ORGANIZER, {
      first_name: 'Cy',
      last_name: 'Coord',
    });
    const checkIn = await personIn(event, EVENT_ROLES.CHECK_IN_STAFF, {
      first_name: 'Kim',
      last_name: 'Door',
    });
    const db = studio.database.db;
    const staffRole = async (name: string) =>
      (
        await db
          .selectFrom('roles')
          .select('id')
          .where('name', '=', name)
          .where('organization_id', 'is', null)
          .executeTakeFirstOrThrow()
      ).id;
    for (const [person, name] of [
      [producer, 'PRODUCER'],
      [coordinator, 'COORDINATOR'],
    ] as const)
      await db
        .updateTable('event_roles')
        .set({ user_type: 'staff', event_app_role_id: await staffRole(name) })
        .where('user_id', '=', person.id)
        .execute();
    const pageOf = async (id: string) =>
      (await open((await linkBy(`user_id=${id}&event_id=${event.id}`)).body.url)).page?.body ?? '';
    expect(await pageOf(producer.id)).toContain('Pat Producer · Producer');
    expect(await pageOf(coordinator.id)).toContain('Cy Coord · Coordinator');
    expect(await pageOf(checkIn.id)).toContain('Kim Door · Check-in Staff');
  });

  it('answers USER_NOT_REGISTERED for someone outside the event, 404 to another organisation', async () => {
    const outsider = await newUser(studio.app);
    for (const query of [
      `user_id=${outsider.user.id}`,
      `email=${outsider.user.email}`,
      'user_id=nope',
      'email=nobody@example.com',
    ]) {
      const answer = await linkBy(`${query}&event_id=${event.id}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'USER_NOT_REGISTERED',
        message: peopleMessages.userNotRegistered,
      });
    }
    const refused = await reissue({ email: outsider.user.email, event_id: event.id });
    expect(refused.body).toMatchObject({ code: 'USER_NOT_REGISTERED' });

    const speaker = await personIn(event, EVENT_ROLES.SPEAKER);
    const stranger = caller(studio, (await newAdmin(studio, 'Elsewhere')).access);
    expect((await linkBy(`user_id=${speaker.id}&event_id=${event.id}`, stranger)).status).toBe(404);
    expect(
      (await stranger.post('/api/event/magic_link/reissue/', { user_id: speaker.id, event_id: event.id }))
        .status,
    ).toBe(404);
    expect((await linkBy(`user_id=${speaker.id}&event_id=not-an-id`)).status).toBe(404);
    expect((await linkBy(`event_id=${event.id}`)).status).toBe(400);
    const anonymous = await studio.app.inject({
      method: 'GET',
      url: `/api/event/magic_link/?user_id=${speaker.id}&event_id=${event.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

const escaped = (text: string) => text.replaceAll("'", '&#39;');
