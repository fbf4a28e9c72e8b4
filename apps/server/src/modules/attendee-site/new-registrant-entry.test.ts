import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendeePageMessages,
  EVENT_ROLES,
  eventAppMessages,
  registrationOutcomeMessages,
  type StudioEvent,
} from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import { newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import type { TestStudio } from '../../../test/harness.ts';
import { createRegistrationTokens } from '../registration/registration-tokens.ts';
import { register, registrant } from '../registration/registrants/registrants.fixtures.ts';
import { attendeeStudioWithEvent, magicLinkCookie } from './event-app/event-app.fixtures.ts';

// Registering while the event is open lets this browser in at once, when the call proves who it seats.
let studio: TestStudio;
let api: Api;
let event: StudioEvent;
let address = 0;
let now = new Date('2031-05-01T14:00:00Z');

beforeAll(async () => {
  ({ studio, api, event } = await attendeeStudioWithEvent('Entry Pass Org', () => now));
});
afterAll(() => studio.close());

/** A register call on the attendee origin (an event's or a series'), as its register page sends it. */
function postRegistration(url: string, person: Record<string, unknown>) {
  address += 1;
  return studio.attendeeSite.inject({
    method: 'POST',
    url,
    payload: person,
    remoteAddress: `10.9.0.${address}`,
  });
}

async function registerHere(eventId: string, person: Record<string, unknown>) {
  const answer = await postRegistration(`/api/event/${eventId}/register/`, person);
  const setCookie = answer.headers['set-cookie'];
  return { status: answer.statusCode, setCookie: setCookie === undefined ? undefined : String(setCookie) };
}

const visit = (url: string, cookie: string) =>
  studio.attendeeSite.inject({ method: 'GET', url, headers: { cookie } });
/** Another event of the organisation, a month later (not open now). */
const eventOfJune = (title: string) =>
  newEvent(api, { title, start: '2031-06-01T13:00:00Z', end: '2031-06-01T21:00:00Z', timezone: 'UTC' });
const cookieOf = (setCookie: string | undefined) => (setCookie ?? '').split(';')[0] ?? '';

describe('a new registrant enters a live event at once (decisions: Registration)', () => {
  it("hands the registering browser a pass on the event's paths until a day after it ends; the confirmation offers Enter Event", async () => {
    const person = registrant('Noor');
    const registered = await registerHere(event.id, person);
    expect(registered.status).toBe(201);
    expect(registered.setCookie).toMatch(
      /^event_access=[^;]+; Max-Age=111600; Path=\/e\/[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(registered.setCookie).toContain(`Path=/e/${event.id};`);
    const cookie = cookieOf(registered.setCookie);

    const me = await visit(`/e/${event.id}/api/me`, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: person.email, first_name: 'Noor' });
    const confirmation = await visit(`/e/${event.id}/registered?status=REGISTRATION`, cookie);
    expect(confirmation.body).toContain(
      `<a class="button" href="/e/${event.id}/live">${eventAppMessages.enterEvent}</a>`,
    );
    expect(confirmation.body).not.toContain(attendeePageMessages.liveNowEnterByEmail);
    expect((await visit(`/e/${event.id}/live`, cookie)).statusCode).toBe(200);

    // The pass is this browser's: as an entrance link it opens nothing.
    const pass = cookie.slice('event_access='.length);
    const asLink = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}/enter?token=${encodeURIComponent(decodeURIComponent(pass))}`,
    });
    expect(asLink.statusCode).toBe(401);

    // Re-issuing the person's link (an organiser's act) ends the pass with every earlier way in.
    const reissued = await api.post('/api/event/magic_link/reissue/', {
      event_id: event.id,
      email: person.email,
    });
    expect(reissued.status).toBe(200);
    expect((await visit(`/e/${event.id}/api/me`, cookie)).statusCode).toBe(401);
  });

  it('ends the pass a day after the event ends, while the link from their email still lets them in', async () => {
    const person = registrant('Late');
    const pass = cookieOf((await registerHere(event.id, person)).setCookie);
    const emailed = await magicLinkCookie(studio, api, event.id, { email: person.email });
    now = new Date('2031-05-02T20:59:59Z');
    expect((await visit(`/e/${event.id}/api/me`, pass)).statusCode).toBe(200);
    now = new Date('2031-05-02T21:00:00Z');
    expect((await visit(`/e/${event.id}/api/me`, pass)).statusCode).toBe(401);
    expect((await visit(`/e/${event.id}/api/me`, emailed)).statusCode).toBe(200);
    now = new Date('2031-05-01T14:00:00Z');
  });

  it('hands a recording’s new registrant a pass for a day from now: a recording has no end', async () => {
    // Made as the studio makes one, an hour before: its creation time stored as its start and end.
    now = new Date('2031-05-01T13:00:00Z');
    const created = await api.post<StudioEvent>('/api/event/', {
      title: 'Product Tour',
      event_type: 'Recording',
    });
    expect(created.status).toBe(201);
    now = new Date('2031-05-01T14:00:00Z');
    const registered = await registerHere(created.body.id, registrant('Rosa'));
    expect(registered.status).toBe(201);
    expect(registered.setCookie).toContain('Max-Age=86400;');
    const pass = cookieOf(registered.setCookie);
    expect((await visit(`/e/${created.body.id}/api/me`, pass)).statusCode).toBe(200);
  });

  it('gives no pass to an address someone already has an account with: their way in stays their email', async () => {
    const person = registrant('Known');
    const other = await eventOfJune('Earlier');
    expect((await register(studio, other.id, person)).status).toBe(201);
    const registered = await registerHere(event.id, person);
    expect(registered.status).toBe(201);
    expect(registered.setCookie).toBeUndefined();
    // Registering again says so, and lets no one in either.
    const again = await registerHere(event.id, person);
    expect(again.status).toBe(409);
    expect(again.setCookie).toBeUndefined();
  });

  it('lets a known person in from a one-click link (the token proves the address), an organiser of the event not', async () => {
    const person = registrant('Clicker');
    const other = await eventOfJune('Before');
    expect((await register(studio, other.id, person)).status).toBe(201);
    const { db } = studio.database;
    await db
      .updateTable('organizations')
      .set({ feature_flags: JSON.stringify({ isOneClickRegisterEnabled: true }) })
      .where('id', '=', event.organization)
      .execute();
    const oneClick = (userId: string) =>
      createRegistrationTokens(studio.secretKey).tokenFor('oneclick', event.organization, userId);
    const known = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    const clicked = await registerHere(event.id, { one_click: oneClick(known.id) });
    expect(clicked.status).toBe(201);
    const me = await visit(`/e/${event.id}/api/me`, cookieOf(clicked.setCookie));
    expect(me.json()).toMatchObject({ email: person.email });

    // Someone who already organises the event is let in by their own link, never by a pass.
    const organiser = await db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', event.organization)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('event_roles')
      .values({ event_id: event.id, user_id: organiser.id, role: EVENT_ROLES.ORGANIZER })
      .execute();
    const organiserClicked = await registerHere(event.id, { one_click: oneClick(organiser.id) });
    expect(organiserClicked.status).toBe(201);
    expect(organiserClicked.setCookie).toBeUndefined();
  });

  it("a series' call hands a pass for each event open now, on that event's paths; its confirmation offers Enter Event there", async () => {
    const today = await newEvent(api, {
      title: 'Series day',
      start: '2031-05-01T13:30:00Z',
      end: '2031-05-01T18:00:00Z',
      timezone: 'UTC',
    });
    const june = await eventOfJune('Series June');
    const series = await api.post<{ id: string }>('/api/event/series/', {
      name: 'Harbour talks',
      events: [today.id, june.id],
    });
    expect(series.status).toBe(201);
    const registerSeries = (person: Record<string, unknown>) =>
      postRegistration(`/api/event/series/${series.body.id}/register/`, person);

    const person = registrant('Serie');
    const registered = await registerSeries(person);
    expect(registered.statusCode).toBe(201);
    const setCookies = [registered.headers['set-cookie'] ?? []].flat();
    // One pass, for the event open now (June's opens in a month), and only on its paths.
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(
      /^event_access=[^;]+; Max-Age=100800; Path=\/e\/[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(setCookies[0]).toContain(`Path=/e/${today.id};`);
    const cookie = cookieOf(setCookies[0]);
    expect((await visit(`/e/${today.id}/api/me`, cookie)).json()).toMatchObject({ email: person.email });
    expect((await visit(`/e/${june.id}/api/me`, cookie)).statusCode).toBe(401);

    const confirmation = await visit(
      `/s/${series.body.id}/registered?results=${today.id}:REGISTRATION,${june.id}:REGISTRATION`,
      '',
    );
    expect(confirmation.body).toContain(
      `<li><strong>Series day</strong>: ${escapeHtml(registrationOutcomeMessages.REGISTRATION)} <a href="/e/${today.id}/live">${eventAppMessages.enterEvent}</a></li>`,
    );
    expect(confirmation.body).toContain(
      `<li><strong>Series June</strong>: ${escapeHtml(registrationOutcomeMessages.REGISTRATION)}</li>`,
    );

    // A known address gets none, in any of the series' events.
    const known = registrant('Kenji');
    expect((await register(studio, (await eventOfJune('Elsewhere')).id, known)).status).toBe(201);
    const knownAnswer = await registerSeries(known);
    expect(knownAnswer.statusCode).toBe(201);
    expect(knownAnswer.headers['set-cookie']).toBeUndefined();
  });

  it('gives none before the event opens, on the waitlist, or on the studio’s own origin', async () => {
    const later = await eventOfJune('Later');
    const early = await registerHere(later.id, registrant('Early'));
    expect(early.status).toBe(201);
    expect(early.setCookie).toBeUndefined();

    const studioOrigin = await studio.app.inject({
      method: 'POST',
      url: `/api/event/${event.id}/register/`,
      payload: registrant('Studio'),
      remoteAddress: '10.9.1.1',
    });
    expect(studioOrigin.statusCode).toBe(201);
    expect(studioOrigin.headers['set-cookie']).toBeUndefined();

    const full = await api.patch(`/api/event/${event.id}/registration_settings/`, {
      registration_capacity: 1,
      waitlist_enabled: true,
    });
    expect(full.status).toBe(200);
    const waiting = await registerHere(event.id, registrant('Waiting'));
    expect(waiting.status).toBe(201);
    expect(waiting.setCookie).toBeUndefined();
  });
});
