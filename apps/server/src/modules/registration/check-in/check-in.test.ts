import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_IN_SEARCH_LIMIT,
  checkInApiPath,
  checkInMessages,
  EVENT_ROLES,
  type CheckInCounts,
  type EventMember,
  type EventRole,
  type EventUserStatus,
  type StudioEvent,
} from '@studio/domain';
import { escapeHtml } from '../../../platform/mail/mail.ts';
import { fileAdminAndOutsider } from '../../../../test/file-studio.ts';
import { newUser } from '../../../../test/harness.ts';
import { newEvent } from '../../back-office/back-office.fixtures.ts';
import { createRegistrationTokens } from '../registration-tokens.ts';

const attendeeOrigin = 'https://events.example.test';
const {
  studio,
  api,
  outsider: stranger,
} = fileAdminAndOutsider('Check-in Org', 'Stranger Org', {
  eventsPublicUrl: attendeeOrigin,
});
let event: StudioEvent;
let otherEvent: StudioEvent;
let tokens: ReturnType<typeof createRegistrationTokens>;

type Answer = { member: EventMember; changed: boolean; counts: CheckInCounts; code?: string };

beforeAll(async () => {
  tokens = createRegistrationTokens(studio.secretKey);
  const times = { start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', timezone: 'Europe/Paris' };
  event = await newEvent(api, { title: 'Expo', ...times, event_type: 'Conference' });
  otherEvent = await newEvent(api, { title: 'Other expo', ...times, event_type: 'Conference' });
});

const grant = async (eventId: string, userId: string, role: EventRole) =>
  (
    await studio.database.db
      .insertInto('event_roles')
      .values({ event_id: eventId, user_id: userId, role })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** A registrant (a stand-in for the register call): an ATTENDEE role and its registration. */
async function registrant(first_name: string, status: EventUserStatus = 'REGISTRATION', target = event) {
  const person = await newUser(studio.app, { first_name, last_name: 'Visitor' });
  const id = await grant(target.id, person.user.id, EVENT_ROLES.ATTENDEE);
  await studio.database.db
    .insertInto('event_registrations')
    .values({
      event_role_id: id,
      organization_id: target.organization,
      event_id: target.id,
      user_id: person.user.id,
      status,
      source: 'form',
      answers: '{}',
    })
    .execute();
  return { id, email: person.user.email };
}

const attendance = (payload: unknown, as = api, target = event) =>
  as.post<Answer>(`/api/event/${target.id}/attendance/`, payload);

describe('attendance (issue 16 §6)', () => {
  it('checks a registrant in by id once; a second time changes nothing; undo puts them back', async () => {
    const ada = await registrant('Ada');
    const first = await attendance({ member: ada.id });
    expect(first.status).toBe(200);
    expect(first.body.changed).toBe(true);
    expect(first.body.member).toMatchObject({ id: ada.id, event_user_status: 'ATTENDED', first_name: 'Ada' });
    expect(first.body.member.checked_in_at).not.toBeNull();
    const row = await studio.database.db
      .selectFrom('event_registrations')
      .select(['status', 'checked_in_by'])
      .where('event_role_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ATTENDED');
    expect(row.checked_in_by).not.toBeNull();

    const again = await attendance({ member: ada.id });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    expect(again.body.counts).toEqual(first.body.counts);

    const undone = await attendance({ member: ada.id, attended: false });
    expect(undone.body).toMatchObject({
      changed: true,
      member: { event_user_status: 'REGISTRATION', checked_in_at: null },
    });
    expect(undone.body.counts.checked_in).toBe(first.body.counts.checked_in - 1);
  });

  it("checks in by the QR code's text; another event's code or a forged one is CHECK_IN_CODE_INVALID", async () => {
    const grace = await registrant('Grace');
    const byCode = await attendance({ code: tokens.tokenFor('ci', event.id, grace.id) });
    expect(byCode.status).toBe(200);
    expect(byCode.body.member).toMatchObject({ id: grace.id, event_user_status: 'ATTENDED' });

    const elsewhere = await registrant('Alan', 'REGISTRATION', otherEvent);
    const foreign = await attendance({ code: tokens.tokenFor('ci', otherEvent.id, elsewhere.id) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('CHECK_IN_CODE_INVALID');
    // A code naming this event but a registration of another is refused alike.
    const mixed = await attendance({ code: tokens.tokenFor('ci', event.id, elsewhere.id) });
    expect(mixed.body.code).toBe('CHECK_IN_CODE_INVALID');
    const cancelToken = await attendance({ code: tokens.tokenFor('cancel', event.id, grace.id) });
    expect(cancelToken.body.code).toBe('CHECK_IN_CODE_INVALID');
    expect((await attendance({ code: 'not a code' })).body.code).toBe('CHECK_IN_CODE_INVALID');
  });

  it('refuses people holding no seat, answers 404 for another event’s registration and bad input 400', async () => {
    const waiting = await registrant('Wendy', 'WAITLISTED');
    const refused = await attendance({ member: waiting.id });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CHECK_IN_NOT_REGISTERED');
    const elsewhere = await registrant('Otto', 'REGISTRATION', otherEvent);
    expect((await attendance({ member: elsewhere.id })).status).toBe(404);
    expect((await attendance({ member: 'nope' })).status).toBe(400);
    expect((await attendance({})).status).toBe(400);
  });

  it("is another organisation's 404", async () => {
    const ada = await registrant('Ada');
    expect((await attendance({ member: ada.id }, stranger)).status).toBe(404);
    expect((await stranger.post(`/api/event/${event.id}/check_in_link/`)).status).toBe(404);
  });
});

describe('the check-in desk on the attendee origin', () => {
  const desk = (url: string, cookie: string, init: { method?: 'GET' | 'POST'; payload?: unknown } = {}) =>
    studio.attendeeSite.inject({
      method: init.method ?? 'GET',
      url,
      headers: { cookie },
      ...(init.payload === undefined ? {} : { payload: init.payload as Record<string, unknown> }),
    });

  /** Opens a URL of the attendee origin; answers the cookie it set and where it leads. */
  async function enter(url: string) {
    const { pathname, search, origin } = new URL(url);
    expect(origin).toBe(attendeeOrigin);
    const response = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
    const cookie = response.headers['set-cookie'];
    return { response, cookie: typeof cookie === 'string' ? cookie.split(';')[0]! : '', raw: cookie };
  }

  it('lets an organiser in with the studio’s link, and searches and checks in there', async () => {
    const link = await api.post<{ url: string }>(`/api/event/${event.id}/check_in_link/`);
    expect(link.status).toBe(200);
    const entered = await enter(link.body.url);
    expect(entered.response.statusCode).toBe(303);
    expect(entered.response.headers.location).toBe(`/e/${event.id}/check-in`);
    expect(entered.raw).toContain(`Path=/e/${event.id}/check-in`);
    expect(entered.raw).toContain('HttpOnly');
    expect(entered.raw).toContain('Secure');

    const pageAnswer = await desk(`/e/${event.id}/check-in`, entered.cookie);
    expect(pageAnswer.statusCode).toBe(200);
    expect(pageAnswer.body).toContain('data-page="check-in"');
    // Said from the first paint, until the desk's script has read its first registrants.
    expect(pageAnswer.body).toContain(`<p role="status" class="muted">${checkInMessages.loading}</p>`);
    expect(pageAnswer.headers['content-security-policy']).toContain("script-src 'self'");
    // The event is in 2031, the studio's clock today: the desk warns before anyone is checked in early.
    expect(pageAnswer.body).toContain(
      `<div class="alert warning" role="status"><p>${checkInMessages.startsOn('May 1, 2031')}</p></div>`,
    );

    const katherine = await registrant('Katherine');
    const found = await desk(`${checkInApiPath(event.id, 'members')}?search=kather`, entered.cookie);
    expect(found.statusCode).toBe(200);
    expect(found.json<{ results: EventMember[] }>().results.map((row) => row.id)).toEqual([katherine.id]);
    const byEmail = await desk(
      `${checkInApiPath(event.id, 'members')}?search=${katherine.email}`,
      entered.cookie,
    );
    expect(byEmail.json<{ results: EventMember[] }>().results.map((row) => row.id)).toEqual([katherine.id]);

    const marked = await desk(checkInApiPath(event.id, 'attendance'), entered.cookie, {
      method: 'POST',
      payload: { member: katherine.id },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<Answer>()).toMatchObject({ changed: true, member: { event_user_status: 'ATTENDED' } });
    const twice = await desk(checkInApiPath(event.id, 'attendance'), entered.cookie, {
      method: 'POST',
      payload: { member: katherine.id },
    });
    expect(twice.json<Answer>().changed).toBe(false);
    // The desk's Undo: the same call, attended false, puts them back to registered.
    const undone = await desk(checkInApiPath(event.id, 'attendance'), entered.cookie, {
      method: 'POST',
      payload: { member: katherine.id, attended: false },
    });
    expect(undone.statusCode).toBe(200);
    expect(undone.json<Answer>()).toMatchObject({
      changed: true,
      member: { event_user_status: 'REGISTRATION', checked_in_at: null },
    });

    // The desk cookie is for this event's desk only.
    expect((await desk(`/e/${otherEvent.id}/check-in`, entered.cookie)).statusCode).toBe(401);
  });

  it('pages every registrant, a page at a time with how many match, the search kept', async () => {
    const times = { start: '2031-06-01T13:00:00Z', end: '2031-06-01T21:00:00Z', timezone: 'Europe/Paris' };
    const paged = await newEvent(api, { title: 'Paged expo', ...times, event_type: 'Conference' });
    const people = [];
    for (let index = 0; index < CHECK_IN_SEARCH_LIMIT + 3; index += 1)
      people.push(await registrant(`Pager${String(index).padStart(2, '0')}`, 'REGISTRATION', paged));
    await registrant('Other', 'REGISTRATION', paged);
    const link = await api.post<{ url: string }>(`/api/event/${paged.id}/check_in_link/`);
    const { cookie } = await enter(link.body.url);
    type Page = { results: EventMember[]; count: number; counts: CheckInCounts };
    const page = async (query: string) =>
      (await desk(`${checkInApiPath(paged.id, 'members')}?${query}`, cookie)).json<Page>();

    const first = await page('search=');
    expect(first.results).toHaveLength(CHECK_IN_SEARCH_LIMIT);
    expect(first.count).toBe(CHECK_IN_SEARCH_LIMIT + 4);
    expect(first.counts.registered).toBe(CHECK_IN_SEARCH_LIMIT + 4);
    const rest = await page(`search=&offset=${CHECK_IN_SEARCH_LIMIT}`);
    expect(rest.results).toHaveLength(4);
    const ids = [...first.results, ...rest.results].map((row) => row.id);
    expect(new Set(ids).size).toBe(CHECK_IN_SEARCH_LIMIT + 4);

    const searched = await page(`search=pager&offset=${CHECK_IN_SEARCH_LIMIT}`);
    expect(searched.count).toBe(CHECK_IN_SEARCH_LIMIT + 3);
    expect(searched.results.map((row) => row.id)).toEqual(
      people.slice(CHECK_IN_SEARCH_LIMIT).map((p) => p.id),
    );
    // Refused field by field, as the studio refuses (the route's schema, the shared error handler).
    const refused = await desk(`${checkInApiPath(paged.id, 'members')}?offset=-1`, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { offset: [expect.any(String)] },
    });
  });

  it("opens the self check-in kiosk through the organiser's link, and tells a visitor without access the way in", async () => {
    const link = await api.post<{ url: string }>(`/api/event/${event.id}/check_in_link/`);
    const entered = await enter(`${link.body.url}&selfCheckIn=true`);
    expect(entered.response.statusCode).toBe(303);
    expect(entered.response.headers.location).toBe(`/e/${event.id}/check-in?selfCheckIn=true`);
    const kiosk = await desk(`/e/${event.id}/check-in?selfCheckIn=true`, entered.cookie);
    expect(kiosk.statusCode).toBe(200);
    expect(kiosk.body).toContain(checkInMessages.selfCheckInTitle);
    const refused = await desk(`/e/${event.id}/check-in`, '');
    expect(refused.body).toContain(escapeHtml(checkInMessages.organiserWayIn));
  });

  it('refuses a forged, expired-looking or foreign link, and no cookie', async () => {
    const link = await api.post<{ url: string }>(`/api/event/${event.id}/check_in_link/`);
    const forged = link.body.url.replace(/.{4}$/, 'AAAA');
    expect((await enter(forged)).response.statusCode).toBe(401);
    const foreign = link.body.url.replace(`/e/${event.id}/`, `/e/${otherEvent.id}/`);
    expect((await enter(foreign)).response.statusCode).toBe(401);
    expect((await desk(`/e/${event.id}/check-in`, '')).statusCode).toBe(401);
    const api401 = await desk(checkInApiPath(event.id, 'members'), '');
    expect(api401.statusCode).toBe(401);
    expect(api401.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    expect((await desk(`/e/00000000-0000-4000-8000-000000000000/check-in`, '')).statusCode).toBe(404);
  });

  it('lets check-in staff in through their magic link; a speaker is refused', async () => {
    const staff = await newUser(studio.app, { first_name: 'Sam', last_name: 'Staff' });
    await grant(event.id, staff.user.id, EVENT_ROLES.CHECK_IN_STAFF);
    const link = await api.get<{ url: string }>(
      `/api/event/magic_link/?user_id=${staff.user.id}&event_id=${event.id}`,
    );
    const entered = await enter(link.body.url);
    expect((await desk(`/e/${event.id}/check-in`, entered.cookie)).statusCode).toBe(200);
    expect((await desk(`/e/${event.id}/check-in?selfCheckIn=true`, entered.cookie)).body).toContain(
      'Self check-in',
    );

    const speaker = await newUser(studio.app, { first_name: 'Sue', last_name: 'Speaker' });
    await grant(event.id, speaker.user.id, EVENT_ROLES.SPEAKER);
    const speakerLink = await api.get<{ url: string }>(
      `/api/event/magic_link/?user_id=${speaker.user.id}&event_id=${event.id}`,
    );
    const speakerIn = await enter(speakerLink.body.url);
    expect(speakerIn.response.headers.location).toBe(`/e/${event.id}/live`);
    expect((await desk(`/e/${event.id}/check-in`, speakerIn.cookie)).statusCode).toBe(401);
    expect((await desk(checkInApiPath(event.id, 'members'), speakerIn.cookie)).statusCode).toBe(401);
  });

  it('pushes the new counts to every open desk (server-sent events)', async () => {
    const link = await api.post<{ url: string }>(`/api/event/${event.id}/check_in_link/`);
    const { cookie } = await enter(link.body.url);
    const address = await studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
    const open = async () => {
      const response = await fetch(`${address}${checkInApiPath(event.id, 'live')}`, { headers: { cookie } });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      return { reader: response.body!.getReader(), text: '' };
    };
    const next = async (stream: Awaited<ReturnType<typeof open>>): Promise<CheckInCounts> => {
      while (!stream.text.includes('\n\n')) {
        const chunk = await stream.reader.read();
        stream.text += new TextDecoder().decode(chunk.value as Uint8Array | undefined);
      }
      const [frame = '', ...rest] = stream.text.split('\n\n');
      stream.text = rest.join('\n\n');
      const data = frame.split('\n').find((line) => line.startsWith('data: '));
      return data ? (JSON.parse(data.slice(6)) as CheckInCounts) : next(stream);
    };
    const one = await open();
    const two = await open();
    const initial = await next(one);
    expect(await next(two)).toEqual(initial);
    const lin = await registrant('Lin');
    const marked = await attendance({ member: lin.id });
    expect(await next(one)).toEqual(marked.body.counts);
    expect(await next(two)).toEqual(marked.body.counts);
    expect(marked.body.counts.checked_in).toBe(initial.checked_in + 1);
    await one.reader.cancel();
    await two.reader.cancel();
  });
});
