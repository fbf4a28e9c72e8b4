import { beforeAll, describe, expect, it } from 'vitest';
import {
  attendeePageMessages,
  EVENT_ROLES,
  eventEntranceMessages,
  type EventAppEvent,
  type EventRole,
  type StudioEvent,
} from '@studio/domain';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { newUser } from '../../../../test/harness.ts';
import { newEvent } from '../../back-office/back-office.fixtures.ts';
import { agendaApi } from '../../programme/agenda/agenda.fixtures.ts';
import { eventAppMediaOrigins } from './event-app.ts';

const attendeeOrigin = 'https://events.example.test';
let now = new Date('2031-05-01T10:00:00Z');
const { studio, api } = fileStudioWithAdmin('App Org', { eventsPublicUrl: attendeeOrigin, clock: () => now });
let event: StudioEvent;
let otherEvent: StudioEvent;

/** An event of 1 May 2031, 13:00 to 21:00 UTC, the day every test here is set in. */
const summitEvent = (title: string, fields: Record<string, unknown> = {}) =>
  newEvent(api, { title, start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', ...fields });

beforeAll(async () => {
  event = await summitEvent('Summit', { timezone: 'UTC' });
  otherEvent = await summitEvent('Other summit', { timezone: 'UTC' });
});

/** A person holding `role` in the event, signed in through their magic link: answers their cookie. */
async function signedIn(target: StudioEvent, role: EventRole, first_name = 'Grace') {
  const person = await newUser(studio.app, { first_name, last_name: 'Hopper' });
  const roleId = (
    await studio.database.db
      .insertInto('event_roles')
      .values({ event_id: target.id, user_id: person.user.id, role })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const link = await api.get<{ url: string }>(
    `/api/event/magic_link/?user_id=${person.user.id}&event_id=${target.id}`,
  );
  const { pathname, search } = new URL(link.body.url);
  const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
  const cookie = String(entrance.headers['set-cookie']).split(';')[0] ?? '';
  return { userId: person.user.id, roleId, cookie };
}

const call = (
  target: StudioEvent,
  cookie: string,
  name: string,
  method: 'GET' | 'POST' | 'PATCH' = 'GET',
  payload?: object,
) =>
  studio.attendeeSite.inject({
    method,
    url: `/e/${target.id}/api/${name}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

/** The event app's page, as a browser holding `cookie` (or none) opens it. */
const livePage = (target: StudioEvent, cookie?: string) =>
  studio.attendeeSite.inject({
    method: 'GET',
    url: `/e/${target.id}/live`,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** The Look and Feel editor's Enter Event Experience: early entry is `disable_enter_event_button`'s opposite. */
const openEarly = (target: StudioEvent, on: boolean) =>
  api.patch(`/api/event/${target.id}/`, { disable_enter_event_button: !on });

describe('the event app on the attendee origin (issue 17 §3)', () => {
  it('answers the admitted person with their event cookie only; another event refuses it', async () => {
    now = new Date('2031-05-01T12:30:00Z');
    const attendee = await signedIn(event, EVENT_ROLES.ATTENDEE);
    const me = await call(event, attendee.cookie, 'me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user_id: attendee.userId, first_name: 'Grace', tech_check: null });
    expect((await call(event, '', 'me')).statusCode).toBe(401);
    expect((await call(otherEvent, attendee.cookie, 'me')).statusCode).toBe(401);
    expect((await call(otherEvent, attendee.cookie, 'agenda')).json()).toMatchObject({
      code: 'NOT_AUTHENTICATED',
    });

    const page = await livePage(event, attendee.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-page="event-app"');
    // An attendee holds no sessions: no empty "Your sessions" list before the stage.
    expect(page.body).not.toContain(eventEntranceMessages.yourSessions);
    expect(page.headers['content-security-policy']).toMatch(/media-src [^;]*http:\/\/localhost/);
  });

  it('shows the tabs as set, and the agenda, speakers, booths, rooms and stage of the event', async () => {
    now = new Date('2031-05-01T12:30:00Z');
    const attendee = await signedIn(event, EVENT_ROLES.ATTENDEE);
    const session = await agendaApi(api).createSession({
      event: event.id,
      title: 'Keynote',
      start_time: '2031-05-01T14:00:00Z',
      end_time: '2031-05-01T15:00:00Z',
      broadcast_type: 'LIVE',
    });
    await api.post('/api/event/rooms/', { event: event.id, name: 'Lounge' });
    await api.post('/api/event/booths/', { event: event.id, name: 'Acme' });
    const speaker = await signedIn(event, EVENT_ROLES.SPEAKER, 'Ada');

    const app = (await call(event, attendee.cookie, 'event')).json<{
      tabs: { tab: string; title: string }[];
      enable_tech_check: boolean;
    }>();
    expect(app.tabs.map((tab) => tab.title)).toEqual(['Stage', 'Agenda', 'Rooms', 'Speakers', 'People']);
    expect(app.enable_tech_check).toBe(true);
    await api.post('/api/event/booths/', { event: event.id, name: 'Beta', booth_type: 'secondary' });
    await api.patch(`/api/event/${event.id}/`, {
      speaker_tab_title: 'Voices',
      show_attendees: false,
      show_event_booths: true,
      booth_tab_title_2: 'Partners',
    });
    const titled = (await call(event, attendee.cookie, 'event')).json<{ tabs: { title: string }[] }>();
    expect(titled.tabs.map((tab) => tab.title)).toEqual([
      'Stage',
      'Agenda',
      'Rooms',
      'Booths',
      'Partners',
      'Voices',
    ]);

    expect((await call(event, attendee.cookie, 'agenda')).json()).toEqual([
      expect.objectContaining({
        id: session.body.id,
        title: 'Keynote',
        start_time: '2031-05-01T14:00:00.000Z',
      }),
    ]);
    expect((await call(event, attendee.cookie, 'speakers')).json()).toEqual([
      expect.objectContaining({ first_name: 'Ada', last_name: 'Hopper' }),
    ]);
    expect(speaker.userId).toBeTruthy();
    expect((await call(event, attendee.cookie, 'rooms')).json()).toEqual([
      expect.objectContaining({ name: 'Lounge' }),
    ]);
    expect((await call(event, attendee.cookie, 'booths')).json()).toEqual([
      expect.objectContaining({ name: 'Acme', resources: [] }),
      expect.objectContaining({ name: 'Beta', booth_type: 'secondary' }),
    ]);
    const stage = (await call(event, attendee.cookie, 'stage')).json<{
      kind: string;
      offset_seconds: number;
    }>();
    expect(stage.kind).toBe('none');
  });

  it('records the tech check and saves the profile, mandatory fields when profiles are mandatory', async () => {
    now = new Date('2031-05-01T12:30:00Z');
    const attendee = await signedIn(otherEvent, EVENT_ROLES.ATTENDEE);
    const check = { camera: 'passed', microphone: 'failed', speakers: 'passed', network: 'skipped' };
    const saved = await call(otherEvent, attendee.cookie, 'tech-check', 'POST', check);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ tech_check: check });
    expect(
      (await call(otherEvent, attendee.cookie, 'tech-check', 'POST', { camera: 'great' })).statusCode,
    ).toBe(400);
    const row = await studio.database.db
      .selectFrom('event_app_tech_checks')
      .selectAll()
      .where('user_id', '=', attendee.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ event_id: otherEvent.id, microphone: 'failed' });

    const profile = { first_name: 'Grace', last_name: 'Hopper', title: 'Admiral', company: '' };
    expect((await call(otherEvent, attendee.cookie, 'me', 'PATCH', profile)).json()).toMatchObject({
      title: 'Admiral',
    });
    await api.patch(`/api/event/${otherEvent.id}/`, { show_onboarding: true });
    const refused = await call(otherEvent, attendee.cookie, 'me', 'PATCH', profile);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { company: ['This field is required'] },
    });
    expect(
      (await call(otherEvent, attendee.cookie, 'me', 'PATCH', { ...profile, company: 'Navy' })).json(),
    ).toMatchObject({ company: 'Navy' });
  });

  it.each([
    ['blocked', { status: 'REGISTRATION', is_blocked: true }],
    ['cancelled', { status: 'CANCELED', is_blocked: false }],
    ['rejected', { status: 'REJECTED', is_blocked: false }],
    ['waitlisted', { status: 'WAITLISTED', is_blocked: false }],
  ] as const)('refuses %s registrants at the entrance and on the app', async (_kind, registration) => {
    now = new Date('2031-05-01T12:30:00Z');
    const attendee = await signedIn(event, EVENT_ROLES.ATTENDEE, 'Mallory');
    expect((await call(event, attendee.cookie, 'me')).statusCode).toBe(200);
    await studio.database.db
      .insertInto('event_registrations')
      .values({
        event_role_id: attendee.roleId,
        organization_id: event.organization,
        event_id: event.id,
        user_id: attendee.userId,
        ...registration,
        source: 'form',
        answers: '{}',
      })
      .execute();
    expect((await call(event, attendee.cookie, 'me')).statusCode).toBe(401);
    expect((await call(event, attendee.cookie, 'push')).statusCode).toBe(401);
    const page = await livePage(event, attendee.cookie);
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('Magic link not valid');
    // A browser that brings no link at all is told how to get one.
    const bare = await livePage(event);
    expect(bare.statusCode).toBe(401);
    expect(bare.body).toContain('<h1>Enter with your link</h1>');
    expect(bare.body).toContain(
      `<a class="button" href="/e/${event.id}/register">Register or get your link</a>`,
    );
    const link = await api.get<{ url: string }>(
      `/api/event/magic_link/?user_id=${attendee.userId}&event_id=${event.id}`,
    );
    const { pathname, search } = new URL(link.body.url);
    const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(entrance.statusCode).toBe(401);
    expect(entrance.headers['set-cookie']).toBeUndefined();
  });

  it('opens to attendees one hour before the start unless early entry is on; speakers any time', async () => {
    const attendee = await signedIn(otherEvent, EVENT_ROLES.ATTENDEE);
    const speaker = await signedIn(otherEvent, EVENT_ROLES.SPEAKER);
    now = new Date('2031-05-01T11:59:59Z');
    const early = await call(otherEvent, attendee.cookie, 'agenda');
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EVENT_NOT_OPEN' });
    // A registered person's page (200), in the event's branding, with its calendar links and its page.
    const page = await livePage(otherEvent, attendee.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>The event has not opened yet</h1>');
    expect(page.body).toContain('<style id="event-branding">');
    expect(page.body).toContain('<h2>Add to Calendar</h2>');
    expect(page.body).toContain('data-calendar-type="google"');
    expect(page.body).toContain(`href="/e/${otherEvent.id}/calendar.ics"`);
    expect(page.body).toContain(`<a href="/e/${otherEvent.id}">Event page</a>`);
    const bySpeaker = await call(otherEvent, speaker.cookie, 'agenda');
    expect(bySpeaker.statusCode).toBe(200);
    now = new Date('2031-05-01T12:00:00Z');
    expect((await call(otherEvent, attendee.cookie, 'agenda')).statusCode).toBe(200);
    now = new Date('2031-05-01T09:00:00Z');
    await openEarly(otherEvent, true);
    expect((await call(otherEvent, attendee.cookie, 'agenda')).statusCode).toBe(200);
  });
});

describe('the People tab (002 §2.1)', () => {
  it("pages the event's attendees who may enter, by first name, while the tab is shown", async () => {
    now = new Date('2031-05-01T12:30:00Z');
    const target = await summitEvent('People summit');
    const viewer = await signedIn(target, EVENT_ROLES.ATTENDEE, 'Carla');
    await signedIn(target, EVENT_ROLES.ATTENDEE, 'Alan');
    await signedIn(target, EVENT_ROLES.ATTENDEE, 'Bea');
    await signedIn(target, EVENT_ROLES.SPEAKER, 'Aaron');
    const cancelled = await signedIn(target, EVENT_ROLES.ATTENDEE, 'Abe');
    await studio.database.db
      .insertInto('event_registrations')
      .values({
        event_role_id: cancelled.roleId,
        organization_id: target.organization,
        event_id: target.id,
        user_id: cancelled.userId,
        status: 'CANCELED',
        is_blocked: false,
        source: 'form',
        answers: '{}',
      })
      .execute();
    const first = await call(target, viewer.cookie, 'people?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<{ count: number; results: Record<string, unknown>[] }>();
    expect(page.count).toBe(3);
    expect(page.results.map((person) => person.first_name)).toEqual(['Alan', 'Bea']);
    expect(Object.keys(page.results[0] ?? {}).sort()).toEqual([
      'company',
      'first_name',
      'id',
      'last_name',
      'profile_picture_url',
      'title',
    ]);
    expect(page.results[0]).toMatchObject({
      first_name: 'Alan',
      last_name: 'Hopper',
      title: '',
      company: '',
      profile_picture_url: null,
    });
    const second = (await call(target, viewer.cookie, 'people?limit=2&offset=2')).json<{
      results: { first_name: string }[];
    }>();
    expect(second.results.map((person) => person.first_name)).toEqual(['Carla']);
    expect((await call(target, viewer.cookie, 'people?limit=1000')).statusCode).toBe(400);

    await api.patch(`/api/event/${target.id}/`, { show_attendees: false });
    expect((await call(target, viewer.cookie, 'people')).statusCode).toBe(404);
  });
});

describe("the landing page's Enter Event button", () => {
  it('shows to a person holding the magic link cookie once the event is open to them', async () => {
    const target = await summitEvent('Landing summit');
    const landing = async (cookie: string) =>
      (await studio.attendeeSite.inject({ method: 'GET', url: `/e/${target.id}`, headers: { cookie } })).body;
    const button = `<a class="button" href="/e/${target.id}/live">Enter Event</a>`;
    const attendee = await signedIn(target, EVENT_ROLES.ATTENDEE);
    const speaker = await signedIn(target, EVENT_ROLES.SPEAKER);
    now = new Date('2031-05-01T11:30:00Z');
    expect(await landing(attendee.cookie)).not.toContain(button);
    expect(await landing(speaker.cookie)).toContain(button);
    expect(await landing('')).not.toContain('Enter Event');
    await openEarly(target, true);
    expect(await landing(attendee.cookie)).toContain(button);
    await openEarly(target, false);
    now = new Date('2031-05-01T12:00:00Z');
    expect(await landing(attendee.cookie)).toContain(button);
  });
});

describe('a registered visitor on the landing and registration pages', () => {
  it('is told she is registered and offered Enter Event, with no Register button or form', async () => {
    const target = await summitEvent('Registered summit');
    const visit = async (path: string, cookie: string) =>
      (
        await studio.attendeeSite.inject({
          method: 'GET',
          url: `/e/${target.id}${path}`,
          headers: { cookie },
        })
      ).body;
    const button = `<a class="button" href="/e/${target.id}/live">Enter Event</a>`;
    const note = `<p class="registered-note">${attendeePageMessages.registered}</p>`;
    const attendee = await signedIn(target, EVENT_ROLES.ATTENDEE);
    now = new Date('2031-05-01T12:30:00Z');
    for (const path of ['', '/register']) {
      const page = await visit(path, attendee.cookie);
      expect(page).toContain(`${note}<p>${button}</p>`);
      expect(page).not.toContain('data-block-type="register_cta"');
      expect(page).not.toContain('<form');
    }
    // Before the event opens to her: told she is registered, still no Register.
    now = new Date('2031-05-01T10:00:00Z');
    const early = await visit('', attendee.cookie);
    expect(early).toContain(note);
    expect(early).not.toContain(button);
    expect(early).not.toContain('data-block-type="register_cta"');
    // A visitor without the event's link registers as before.
    expect(await visit('', '')).toContain('data-block-type="register_cta"');
    expect(await visit('/register', '')).toContain('<form');
    expect(await visit('/register', '')).not.toContain(note);
  });
});

describe('Enter Event Experience and Stage Navigation (002 §2.2) reach the event app', () => {
  it('follows the event’s branding as the Look and Feel editor saves it', async () => {
    now = new Date('2031-05-01T10:00:00Z');
    const target = await summitEvent('Settings summit');
    const attendee = await signedIn(target, EVENT_ROLES.ATTENDEE);
    expect((await call(target, attendee.cookie, 'event')).statusCode).toBe(403);

    const saved = await api.patch(`/api/event/${target.id}/`, {
      disable_enter_event_button: false,
      enable_tech_check: false,
      show_onboarding: true,
      speaker_tab_title: 'Voices',
      show_attendees: false,
    });
    expect(saved.status).toBe(200);

    // Early entry is on: the attendee enters three hours before the start.
    const app = (await call(target, attendee.cookie, 'event')).json<{
      tabs: { title: string }[];
      enable_tech_check: boolean;
      show_onboarding: boolean;
    }>();
    expect(app.tabs.map((tab) => tab.title)).toEqual(['Stage', 'Agenda', 'Rooms', 'Voices']);
    expect(app).toMatchObject({ enable_tech_check: false, show_onboarding: true });
  });

  it('answers the stage’s calls to action, and keeps a demo request once (002 §5.3)', async () => {
    now = new Date('2031-05-01T10:00:00Z');
    const target = await summitEvent('CTA summit');
    await api.patch(`/api/event/${target.id}/`, { disable_enter_event_button: false });
    const attendee = await signedIn(target, EVENT_ROLES.ATTENDEE);
    const appEvent = async () => (await call(target, attendee.cookie, 'event')).json<EventAppEvent>();
    expect(await appEvent()).toMatchObject({
      stage_cta: null,
      demo_cta: null,
      webinar: false,
      scheduled: true,
    });
    expect((await call(target, attendee.cookie, 'demo-request', 'POST', {})).statusCode).toBe(404);

    const saved = await api.patch(`/api/event/${target.id}/`, {
      demo_link_enabled: true,
      theme_obj: { custom_cta_enabled: true, custom_cta_button_text: 'Register now' },
    });
    expect(saved.status).toBe(200);
    expect(await appEvent()).toMatchObject({
      stage_cta: { text: 'Register now', url: `/e/${target.id}/register` },
      demo_cta: {
        text: 'Get Demo',
        title: 'Demo request sent!',
        message: 'Your request was successfully saved. Thanks for requesting a demo with us',
        url: null,
      },
    });
    for (let ask = 0; ask < 2; ask += 1)
      expect((await call(target, attendee.cookie, 'demo-request', 'POST', {})).statusCode).toBe(204);
    const requests = await studio.database.db
      .selectFrom('event_app_demo_requests')
      .select('user_id')
      .where('event_id', '=', target.id)
      .execute();
    expect(requests).toEqual([{ user_id: attendee.userId }]);
  });

  it('never shows rooms or booths in a webinar’s app', async () => {
    const webinar = await summitEvent('Settings webinar', { event_type: 'Webinar' });
    await api.patch(`/api/event/${webinar.id}/`, { disable_enter_event_button: false });
    const attendee = await signedIn(webinar, EVENT_ROLES.ATTENDEE);
    const app = (await call(webinar, attendee.cookie, 'event')).json<{ tabs: { tab: string }[] }>();
    expect(app.tabs.map((tab) => tab.tab)).toEqual(['stage', 'agenda', 'speakers', 'people']);
  });

  it('tells a recording’s app that it has no schedule, and dates neither its heading nor its app', async () => {
    const created = await api.post<StudioEvent>('/api/event/', {
      title: 'Product Tour',
      event_type: 'Recording',
    });
    expect(created.status).toBe(201);
    const recording = created.body;
    const attendee = await signedIn(recording, EVENT_ROLES.ATTENDEE);
    expect((await call(recording, attendee.cookie, 'event')).json()).toMatchObject({ scheduled: false });
    const page = await livePage(recording, attendee.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 data-event-title>Product Tour</h1>');
    expect(page.body).not.toContain('data-event-times');
  });
});

describe('the stage media for the attendee origin', () => {
  it('is readable from the attendee origin in every configuration, its default too', async () => {
    expect(eventAppMediaOrigins({ eventsPort: 8081 }, 'http://127.0.0.1:8080')).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8081',
      'http://127.0.0.1:8081',
    ]);
    expect(
      eventAppMediaOrigins(
        { eventsPublicUrl: attendeeOrigin, eventsPort: 8081 },
        'https://studio.example.test',
      ),
    ).toEqual(['https://studio.example.test', attendeeOrigin]);
    const media = await studio.app.inject({
      method: 'GET',
      url: '/api/media/nothing/master.m3u8',
      headers: { origin: attendeeOrigin },
    });
    expect(media.headers['access-control-allow-origin']).toBe(attendeeOrigin);
  });
});
