import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ROLES, type RtmpInput, type StageSource, type StudioEvent } from '@studio/domain';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { newUser } from '../../../../test/harness.ts';
import { newEvent } from '../../back-office/back-office.fixtures.ts';
import { agendaApi } from '../../programme/agenda/agenda.fixtures.ts';

const now = new Date('2031-05-01T13:10:00Z');
const { studio, admin, api } = fileStudioWithAdmin('Live App Org', {
  eventsPublicUrl: 'https://events.example.test',
  clock: () => now,
});
let event: StudioEvent;
let otherEvent: StudioEvent;
let input: RtmpInput;

beforeAll(async () => {
  const times = { start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', timezone: 'UTC' };
  event = await newEvent(api, { title: 'Summit', ...times });
  otherEvent = await newEvent(api, { title: 'Other summit', ...times });
  input = (await api.post<RtmpInput>('/api/event/rtmp_inputs/', { event: event.id, name: 'Stage' })).body;
  await agendaApi(api).createSession({
    event: event.id,
    title: 'Keynote',
    start_time: times.start,
    end_time: '2031-05-01T14:00:00Z',
    broadcast_type: 'RTMP',
    rtmp_input: input.id,
  });
});

/** An attendee of `target` signed in through their magic link: answers their cookie. */
async function attendeeCookie(target: StudioEvent) {
  const person = await newUser(studio.app, { first_name: 'Grace', last_name: 'Hopper' });
  await studio.database.db
    .insertInto('event_roles')
    .values({ event_id: target.id, user_id: person.user.id, role: EVENT_ROLES.ATTENDEE })
    .execute();
  const link = await api.get<{ url: string }>(
    `/api/event/magic_link/?user_id=${person.user.id}&event_id=${target.id}`,
  );
  const { pathname, search } = new URL(link.body.url);
  const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
  return String(entrance.headers['set-cookie']).split(';')[0] ?? '';
}

const onAttendeeSite = (url: string, cookie = '') =>
  studio.attendeeSite.inject({ method: 'GET', url, headers: { cookie } });
const setGuard = (on: boolean) =>
  studio.database.db
    .updateTable('organizations')
    .set({ hls_guard_enabled: on })
    .where('id', '=', admin.organization.id)
    .execute();

describe("the stage's live channel (issue 32)", () => {
  it("plays on the attendee origin for the event's admitted people only", async () => {
    const cookie = await attendeeCookie(event);
    const stage = (await onAttendeeSite(`/e/${event.id}/api/stage`, cookie)).json<StageSource>();
    expect(stage.kind).toBe('live');
    const url = new URL(stage.hls_url!, 'https://events.example.test');
    expect(url.pathname).toBe(`/e/${event.id}/api/live/${input.id}/index.m3u8`);

    const played = await onAttendeeSite(`${url.pathname}${url.search}`, cookie);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toContain('mpegurl');
    expect(played.body).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect((await onAttendeeSite(`${url.pathname}${url.search}`)).statusCode).toBe(401);
    const stranger = await attendeeCookie(otherEvent);
    expect((await onAttendeeSite(`${url.pathname}${url.search}`, stranger)).statusCode).toBe(401);
    // Another event's attendee cannot reach this channel through their own event either.
    const sideways = `/e/${otherEvent.id}/api/live/${input.id}/index.m3u8${url.search}`;
    expect((await onAttendeeSite(sideways, stranger)).statusCode).toBe(404);
    expect((await onAttendeeSite(`/e/${event.id}/api/live/${input.id}/0.ts`, cookie)).statusCode).toBe(404);
  });

  it("asks for the stage URL's access code too when the organisation's HLS guard is on", async () => {
    const cookie = await attendeeCookie(event);
    await setGuard(true);
    try {
      const stage = (await onAttendeeSite(`/e/${event.id}/api/stage`, cookie)).json<StageSource>();
      const url = new URL(stage.hls_url!, 'https://events.example.test');
      expect(url.searchParams.get('org_id')).toBe(admin.organization.id);
      const bare = await onAttendeeSite(url.pathname, cookie);
      expect(bare.statusCode).toBe(403);
      expect(bare.json()).toMatchObject({ code: 'HLS_ACCESS_DENIED' });
      expect((await onAttendeeSite(`${url.pathname}${url.search}`, cookie)).statusCode).toBe(200);
      const segment = `/e/${event.id}/api/live/${input.id}/0.ts`;
      expect((await onAttendeeSite(segment, cookie)).statusCode).toBe(403);
      expect((await onAttendeeSite(`${segment}${url.search}`, cookie)).statusCode).toBe(404);
    } finally {
      await setGuard(false);
    }
  });

  it("answers the studio's preview with the access code its URL carries, nobody without it", async () => {
    const preview = new URL(input.urls.hls, 'http://studio.test');
    expect(preview.searchParams.get('org_id')).toBe(admin.organization.id);
    const read = (url: string) => studio.app.inject({ method: 'GET', url });
    expect((await read(`${preview.pathname}${preview.search}`)).statusCode).toBe(200);
    const bare = await read(preview.pathname);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: 'HLS_ACCESS_DENIED' });
    expect((await read(`/api/live/${input.id}/0.ts`)).statusCode).toBe(403);
    expect((await read(`/api/live/${input.id}/0.ts${preview.search}`)).statusCode).toBe(404);
    const otherInput = (
      await api.post<RtmpInput>('/api/event/rtmp_inputs/', { event: otherEvent.id, name: 'Side' })
    ).body;
    // A code opens its own input only.
    expect((await read(`/api/live/${otherInput.id}/index.m3u8${preview.search}`)).statusCode).toBe(403);
  });
});
