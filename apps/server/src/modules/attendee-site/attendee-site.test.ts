import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInApiPath, EVENT_ROLES, serverMessages, type StudioEvent } from '@studio/domain';
import { newUser, type TestStudio } from '../../../test/harness.ts';
import type { Api } from '../back-office/back-office.fixtures.ts';
import { attendeeStudioWithEvent, enteredAs } from './event-app/event-app.fixtures.ts';

// The attendee origin's input: refused by the studio's own guard, answered in the studio's shape.
let studio: TestStudio;
let api: Api;
let event: StudioEvent;

beforeAll(async () => {
  ({ studio, api, event } = await attendeeStudioWithEvent('Input Org'));
});
afterAll(() => studio.close());

const expectNulRefused = (answer: { statusCode: number; json(): unknown }, field: string) => {
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toEqual({
    message: serverMessages.nulCharacter,
    code: 'VALIDATION_ERROR',
    errors: { [field]: [serverMessages.nulCharacter] },
  });
};

describe('input on the attendee origin (issue 32)', () => {
  it('refuses a NUL character with 400 (register, the event app profile, the check-in search)', async () => {
    expectNulRefused(
      await studio.attendeeSite.inject({
        method: 'POST',
        url: `/api/event/${event.id}/register/`,
        payload: { email: 'ada@example.test', first_name: 'A\0da', last_name: 'Lovelace' },
      }),
      'first_name',
    );

    const attendee = (await enteredAs(studio, api, event.id)).cookie;
    expectNulRefused(
      await studio.attendeeSite.inject({
        method: 'PATCH',
        url: `/e/${event.id}/api/me`,
        headers: { cookie: attendee },
        payload: { first_name: 'Gr\0ace', last_name: 'Hopper' },
      }),
      'first_name',
    );

    const staff = (await enteredAs(studio, api, event.id, { role: EVENT_ROLES.CHECK_IN_STAFF })).cookie;
    expectNulRefused(
      await studio.attendeeSite.inject({
        method: 'GET',
        url: `${checkInApiPath(event.id, 'members')}?search=gr%00ace`,
        headers: { cookie: staff },
      }),
      'search',
    );
  });

  it('answers malformed input in the studio’s shape, without a stack', async () => {
    const answer = await studio.attendeeSite.inject({
      method: 'POST',
      url: `/api/event/${event.id}/register/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    expect(answer.body).not.toMatch(/\bat \S+ \(/);
  });

  it('answers JSON nested deeper than the call stack with 400, not 500 (register, an event app call)', async () => {
    const attendee = (await enteredAs(studio, api, event.id)).cookie;
    const deep = '['.repeat(30_000) + ']'.repeat(30_000);
    for (const [url, cookie] of [
      [`/api/event/${event.id}/register/`, ''],
      [`/e/${event.id}/api/tech-check`, attendee],
    ] as const) {
      const answer = await studio.attendeeSite.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie },
        payload: deep,
      });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('cookies on the attendee origin (issue 32)', () => {
  it('sets the event cookie on the event’s paths and reads it beside others; a malformed one admits no one', async () => {
    const person = await newUser(studio.app, { first_name: 'Ada', last_name: 'Lovelace' });
    await studio.database.db
      .insertInto('event_roles')
      .values({ event_id: event.id, user_id: person.user.id, role: EVENT_ROLES.ATTENDEE })
      .execute();
    const link = await api.get<{ url: string }>(
      `/api/event/magic_link/?user_id=${person.user.id}&event_id=${event.id}`,
    );
    const { pathname, search } = new URL(link.body.url);
    const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
    const setCookie = String(entrance.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^event_access=[^;]+; Max-Age=2592000; Path=\/e\/[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(setCookie).toContain(`Path=/e/${event.id};`);

    const [name, value] = (setCookie.split(';')[0] ?? '').split('=');
    const me = (cookie: string) =>
      studio.attendeeSite.inject({ method: 'GET', url: `/e/${event.id}/api/me`, headers: { cookie } });
    expect((await me(`other=1; ${name}=${value}`)).json()).toMatchObject({ user_id: person.user.id });
    expect((await me(`${name}=%E0%A4%A`)).statusCode).toBe(401);
  });
});

describe('leaving the event app (a shared device)', () => {
  it('offers a Leave event button that clears this browser’s sign-in and lands on a page telling how to get back in', async () => {
    const { cookie } = await enteredAs(studio, api, event.id);
    const app = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}/live`,
      headers: { cookie },
    });
    expect(app.body).toContain(
      `<form method="post" action="/e/${event.id}/leave"><button class="button secondary" type="submit">Leave event</button></form>`,
    );

    // The page's form posts an empty urlencoded body.
    const left = await studio.attendeeSite.inject({
      method: 'POST',
      url: `/e/${event.id}/leave`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(left.statusCode).toBe(303);
    expect(left.headers.location).toBe(`/e/${event.id}/live?left=1`);
    expect(String(left.headers['set-cookie'])).toMatch(
      new RegExp(`^event_access=; Max-Age=0; Path=/e/${event.id}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`),
    );
    // Where it lands (no cookie any more): the person left, and the way back in — their email's
    // link, or the register page that sends it again — never a bare Register.
    const landed = await studio.attendeeSite.inject({ method: 'GET', url: String(left.headers.location) });
    expect(landed.body).toContain('<h1>You left the event</h1>');
    expect(landed.body).toContain('Open the link in your registration email to enter the event.');
    expect(landed.body).toContain(`href="/e/${event.id}/register">Register or get your link</a>`);

    const bad = await studio.attendeeSite.inject({ method: 'POST', url: '/e/not-an-event/leave' });
    expect(bad.statusCode).toBe(404);
  });
});

describe('headers on the attendee origin (issue 32)', () => {
  it('allows the camera and microphone to its own pages only, and sends no HSTS over plain http', async () => {
    const answer = await studio.attendeeSite.inject({ method: 'GET', url: `/e/${event.id}` });
    const policy = String(answer.headers['permissions-policy']);
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=(self)');
    expect(policy).toContain('geolocation=()');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    const forged = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}`,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
