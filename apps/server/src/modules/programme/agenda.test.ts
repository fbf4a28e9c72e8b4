import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages,
  agendaMessages,
  type AgendaItem,
  type Broadcast,
  type Page,
  type ServerSocketMessage,
  type Track,
  type VideoUsageEntry,
} from '@studio/domain';
import { WebSocket } from 'ws';
import { createTestStudio, type TestStudio } from '../../../test/harness.ts';
import { newAdmin, setPlan } from '../access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import { libraryVideoRow } from '../video-library/video-library.fixtures.ts';
import { createAgendaRepository } from './agenda.repository.ts';

/** Spec 001 §2.5, §3, §7 "Agenda" (issue 14 items 1, 2, 8, 9): sessions, tracks, agenda blocks. */
let studio: TestStudio;
let api: Api;
let organizationId: string;
let access: string;
let eventId: string;

const day1 = (hhmm: string) => `2031-03-01T${hhmm}:00.000Z`;
const day2 = (hhmm: string) => `2031-03-02T${hhmm}:00.000Z`;

beforeAll(async () => {
  studio = await createTestStudio();
  const admin = await newAdmin(studio, 'Programme Org');
  organizationId = admin.organization.id;
  access = admin.access;
  api = caller(studio, admin.access);
  eventId = (await newEvent(api, { title: 'Two-day summit', start: day1('09:00'), end: day2('18:00') })).id;
});
afterAll(() => studio.close());

const track = async (title: string, event = eventId) => {
  const created = await api.post<Track>('/api/event/tracks/', { event, title });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};
const session = async (fields: Record<string, unknown>) => {
  const created = await api.post<Broadcast>('/api/event/broadcasts/', {
    event: eventId,
    broadcast_type: 'LIVE',
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};
const items = async (event = eventId) =>
  (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event}`)).body.results;

describe('the agenda of an event', () => {
  it('builds a two-track, two-day programme: sessions place blocks in their tracks, breaks stand alone, overlaps are computed', async () => {
    const main = await track('Main stage');
    const side = await track('Workshops');
    expect([main.sort_priority, side.sort_priority]).toEqual([0, 1]);
    const video = await libraryVideoRow(studio, organizationId, 'COMPLETE', 'Opening film', 600);
    const keynote = await session({
      title: 'Keynote',
      description: '<p>Welcome</p><script>alert(1)</script>',
      start_time: day1('09:00'),
      end_time: day1('10:00'),
      tracks: [main.id],
    });
    const film = await session({
      title: 'Opening film',
      broadcast_type: 'SIMULIVE',
      start_time: day1('09:30'),
      end_time: day1('09:45'),
      tracks: [main.id, side.id],
      video_assets: [video],
    });
    expect(keynote.description).toBe('<p>Welcome</p>');
    expect(film).toMatchObject({
      event: eventId,
      broadcast_type: 'SIMULIVE',
      is_live: false,
      simulive_test_run_end_time: null,
      video_assets: [{ id: video, name: 'Opening film', duration: 600, transcode_status: 'COMPLETE' }],
      speakers: [],
    });
    expect([...film.tracks].sort()).toEqual([main.id, side.id].sort());
    const lunch = await api.post<AgendaItem>('/api/event/agenda-item/', {
      event: eventId,
      track: side.id,
      kind: 'break',
      title: 'Lunch',
      start_time: day2('12:00'),
      end_time: day2('13:00'),
    });
    expect(lunch.status).toBe(201);

    const blocks = await items();
    const keynoteBlock = blocks.find((item) => item.broadcast === keynote.id)!;
    const filmInMain = blocks.find((item) => item.broadcast === film.id && item.track === main.id)!;
    const filmInSide = blocks.find((item) => item.broadcast === film.id && item.track === side.id)!;
    expect(keynoteBlock).toMatchObject({ kind: 'session', title: 'Keynote', overlaps: [filmInMain.id] });
    expect(filmInMain.overlaps).toEqual([keynoteBlock.id]);
    expect(filmInSide.overlaps).toEqual([]);
    expect(blocks.find((item) => item.id === lunch.body.id)).toMatchObject({ kind: 'break', overlaps: [] });

    const tracks = (await api.get<Page<Track>>(`/api/event/tracks/?event=${eventId}`)).body.results;
    expect(tracks.map((found) => found.title)).toEqual(['Main stage', 'Workshops']);
    expect(tracks[1]!.agenda_items).toBe(`${filmInSide.id},${lunch.body.id}`);

    // Moving a session moves its blocks; the overlap is gone.
    const moved = await api.patch<Broadcast>(`/api/event/broadcasts/${film.id}/`, {
      start_time: day1('10:00'),
      end_time: day1('10:15'),
      tracks: [side.id],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.tracks).toEqual([side.id]);
    const after = await items();
    expect(after.filter((item) => item.broadcast === film.id)).toEqual([
      expect.objectContaining({ track: side.id, start_time: day1('10:00'), overlaps: [] }),
    ]);
    expect(after.find((item) => item.id === keynoteBlock.id)!.overlaps).toEqual([]);
    const sessions = (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}`)).body;
    expect(sessions.results.map((found) => found.title)).toEqual(['Keynote', 'Opening film']);
  });

  it('renames and reorders every track in one transaction; a list with an unknown or missing track changes nothing', async () => {
    const event = (await newEvent(api, { title: 'Reorder', start: day1('09:00'), end: day1('18:00') })).id;
    const [a, b] = [await track('A', event), await track('B', event)];
    const other = await track('Elsewhere');
    const bad = [
      [
        { id: a.id, title: 'A2', sort_priority: 1 },
        { id: other.id, title: 'X', sort_priority: 0 },
      ],
      [{ id: a.id, title: 'A2', sort_priority: 1 }],
    ];
    for (const tracks of bad) {
      const refused = await api.put(`/api/event/tracks/bulk/`, { event, tracks });
      expect(refused.status).toBe(400);
    }
    const unchanged = (await api.get<Page<Track>>(`/api/event/tracks/?event=${event}`)).body.results;
    expect(unchanged.map((found) => found.title)).toEqual(['A', 'B']);
    const done = await api.put<Track[]>(`/api/event/tracks/bulk/`, {
      event,
      tracks: [
        { id: a.id, title: 'Second', sort_priority: 1 },
        { id: b.id, title: 'First', sort_priority: 0 },
      ],
    });
    expect(done.status).toBe(200);
    expect(done.body.map((found) => found.title)).toEqual(['First', 'Second']);
  });

  it('refuses times outside the event, an end before the start, a track of another event and wrong videos, with field errors', async () => {
    const otherEvent = (await newEvent(api, { title: 'Other', start: day1('09:00'), end: day1('18:00') })).id;
    const foreignTrack = await track('Foreign', otherEvent);
    const processing = await libraryVideoRow(studio, organizationId, 'PROGRESSING');
    const outsider = await newAdmin(studio, 'Video Owner');
    const theirs = await libraryVideoRow(studio, outsider.organization.id, 'COMPLETE');
    const mine = await libraryVideoRow(studio, organizationId, 'COMPLETE');
    const base = {
      event: eventId,
      title: 'S',
      broadcast_type: 'LIVE',
      start_time: day1('10:00'),
      end_time: day1('11:00'),
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start_time: day1('08:00') }, 'start_time', agendaMessages.outsideEvent],
      [{ end_time: day2('19:00') }, 'end_time', agendaMessages.outsideEvent],
      [{ end_time: day1('09:30') }, 'end_time', agendaMessages.endBeforeStart],
      [{ tracks: [foreignTrack.id] }, 'tracks', agendaMessages.trackOfAnotherEvent],
      [{ video_assets: [mine] }, 'video_assets', agendaMessages.videosOnlyPrerecorded],
      [
        { broadcast_type: 'SIMULIVE', video_assets: [theirs] },
        'video_assets',
        agendaMessages.videoNotOfOrganization,
      ],
      [
        { broadcast_type: 'SIMULIVE', video_assets: [processing] },
        'video_assets',
        agendaMessages.videoNotProcessed,
      ],
    ];
    const before = (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}`)).body.count;
    for (const [change, field, message] of cases) {
      const refused = await api.post<{ errors: Record<string, string[]> }>('/api/event/broadcasts/', {
        ...base,
        ...change,
      });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.errors[field]).toEqual([message]);
    }
    expect((await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}`)).body.count).toBe(
      before,
    );
    const main = (await api.get<Page<Track>>(`/api/event/tracks/?event=${eventId}`)).body.results[0]!;
    const block = await api.post<{ errors: Record<string, string[]> }>('/api/event/agenda-item/', {
      event: eventId,
      track: main.id,
      kind: 'break',
      title: 'Late',
      start_time: day2('18:00'),
      end_time: day2('19:00'),
    });
    expect(block.body.errors.end_time).toEqual([agendaMessages.outsideEvent]);
  });

  it('holds to the plan (spec 002 §6): a second session, a second track, pre-recorded, RTMP and a later day', async () => {
    const limited = await newAdmin(studio, 'Starter Plan');
    const their = caller(studio, limited.access);
    const event = (await newEvent(their, { title: 'Small', start: day1('09:00'), end: day2('18:00') })).id;
    await setPlan(studio, limited.organization.id, 'starter', {});
    const post = (path: string, body: Record<string, unknown>) => their.post(path, { event, ...body });
    const live = { title: 'One', broadcast_type: 'LIVE', start_time: day1('10:00'), end_time: day1('11:00') };
    expect((await post('/api/event/tracks/', { title: 'Only' })).status).toBe(201);
    const refusals = [
      await post('/api/event/tracks/', { title: 'Second' }),
      await post('/api/event/broadcasts/', { ...live, broadcast_type: 'SIMULIVE' }),
      await post('/api/event/broadcasts/', { ...live, broadcast_type: 'RTMP' }),
      await post('/api/event/broadcasts/', { ...live, start_time: day2('10:00'), end_time: day2('11:00') }),
    ];
    expect((await post('/api/event/broadcasts/', live)).status).toBe(201);
    refusals.push(await post('/api/event/broadcasts/', live));
    for (const refused of refusals)
      expect(refused).toMatchObject({
        status: 403,
        body: { code: 'FEATURE_NOT_ENABLED', message: accessMessages.featureNotEnabled },
      });
    await setPlan(studio, limited.organization.id, 'pro', { multiSession: true, multiTrack: true });
    expect((await post('/api/event/broadcasts/', live)).status).toBe(201);
    expect((await post('/api/event/tracks/', { title: 'Second' })).status).toBe(201);
  });

  it("lists sessions that play a video as the library's usage, so deleting it answers 409 VIDEO_IN_USE", async () => {
    const video = await libraryVideoRow(studio, organizationId, 'COMPLETE', 'In use', 300);
    const used = await session({
      title: 'Replay',
      broadcast_type: 'SIMULIVE',
      start_time: day2('14:00'),
      end_time: day2('14:10'),
      video_assets: [video],
    });
    const usage = (await api.get<VideoUsageEntry[]>(`/api/core/video_assets/${video}/usage/`)).body;
    expect(usage).toEqual([
      expect.objectContaining({
        entity_id: eventId,
        entity_title: 'Two-day summit',
        entity_type: 'EVENT',
        entity_subtype: 'CONFERENCE',
      }),
    ]);
    expect((await api.delete(`/api/core/video_assets/${video}/`)).status).toBe(409);
    expect((await api.delete(`/api/event/broadcasts/${used.id}/`)).status).toBe(204);
    expect((await api.get<VideoUsageEntry[]>(`/api/core/video_assets/${video}/usage/`)).body).toEqual([]);
  });

  it('copies the programme for a duplicated event: new ids, the same structure, shifted', async () => {
    const source = (await newEvent(api, { title: 'Source', start: day1('09:00'), end: day1('18:00') })).id;
    const target = (
      await newEvent(api, { title: 'Copy', start: '2031-04-01T09:00:00Z', end: '2031-04-01T18:00:00Z' })
    ).id;
    const stage = await track('Stage', source);
    const video = await libraryVideoRow(studio, organizationId, 'COMPLETE', 'Copied film', 60);
    await api.post('/api/event/broadcasts/', {
      event: source,
      title: 'Film',
      broadcast_type: 'SIMULIVE',
      start_time: day1('10:00'),
      end_time: day1('10:30'),
      tracks: [stage.id],
      video_assets: [video],
    });
    const shiftMs = Date.parse('2031-04-01T09:00:00Z') - Date.parse(day1('09:00'));
    await studio.database.db.transaction().execute((tx) =>
      createAgendaRepository(studio.database.db).copy({
        sourceEventId: source,
        targetEventId: target,
        shiftMs,
        newIds: new Map(),
        tx,
      }),
    );
    const copied = (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${target}`)).body.results;
    const copiedTracks = (await api.get<Page<Track>>(`/api/event/tracks/?event=${target}`)).body.results;
    expect(copiedTracks.map((found) => found.title)).toEqual(['Stage']);
    expect(copiedTracks[0]!.id).not.toBe(stage.id);
    expect(copied).toEqual([
      expect.objectContaining({
        title: 'Film',
        start_time: '2031-04-01T10:00:00.000Z',
        tracks: [copiedTracks[0]!.id],
        video_assets: [expect.objectContaining({ id: video })],
      }),
    ]);
    // Deleting the event removes its programme.
    expect((await api.delete(`/api/event/${target}/`)).status).toBe(204);
    expect(await createAgendaRepository(studio.database.db).broadcastsOf(target)).toEqual([]);
  });

  it("answers 404 for another organisation's event, session, track or block, and 403 without the permission", async () => {
    const main = (await api.get<Page<Track>>(`/api/event/tracks/?event=${eventId}`)).body.results[0]!;
    const block = (await items())[0]!;
    const broadcast = (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}`)).body
      .results[0]!;
    const outsider = caller(studio, (await newAdmin(studio, 'Outsider Org')).access);
    const calls = [
      outsider.get(`/api/event/broadcasts/?event=${eventId}`),
      outsider.get(`/api/event/tracks/?event=${eventId}`),
      outsider.get(`/api/event/agenda-item/?event=${eventId}`),
      outsider.get(`/api/event/broadcasts/${broadcast.id}/`),
      outsider.post('/api/event/broadcasts/', {
        event: eventId,
        title: 'X',
        broadcast_type: 'LIVE',
        start_time: day1('10:00'),
        end_time: day1('11:00'),
      }),
      outsider.patch(`/api/event/broadcasts/${broadcast.id}/`, { title: 'X' }),
      outsider.delete(`/api/event/broadcasts/${broadcast.id}/`),
      outsider.post('/api/event/tracks/', { event: eventId, title: 'X' }),
      outsider.patch(`/api/event/tracks/${main.id}/`, { title: 'X' }),
      outsider.put('/api/event/tracks/bulk/', {
        event: eventId,
        tracks: [{ id: main.id, title: 'X', sort_priority: 0 }],
      }),
      outsider.delete(`/api/event/tracks/${main.id}/`),
      outsider.post('/api/event/agenda-item/', {
        event: eventId,
        track: main.id,
        kind: 'break',
        title: 'X',
        start_time: day1('10:00'),
        end_time: day1('11:00'),
      }),
      outsider.patch(`/api/event/agenda-item/${block.id}/`, { title: 'X' }),
      outsider.delete(`/api/event/agenda-item/${block.id}/`),
      api.get('/api/event/broadcasts/not-an-id/'),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    const anonymous = await studio.app.inject({ method: 'GET', url: `/api/event/tracks/?event=${eventId}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await api.get(`/api/event/tracks/?event=${eventId}`)).status).toBe(200);
  });

  it('tells the studios open on the event about each committed change (broadcast-updated, agenda-item-updated)', async () => {
    const base = await studio.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws?token=${access}`);
    const received: ServerSocketMessage[] = [];
    socket.on('message', (data) =>
      received.push(JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as ServerSocketMessage),
    );
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 300 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(check()).toBe(true);
    };
    await until(() => received.some((message) => message.type === 'ready'));
    socket.send(
      JSON.stringify({ type: 'setEventId', data: { eventId, route: `/events/${eventId}/programs/agenda` } }),
    );
    await until(() => received.some((message) => message.type === 'ack'));
    const main = (await api.get<Page<Track>>(`/api/event/tracks/?event=${eventId}`)).body.results[0]!;
    const created = await session({
      title: 'Pushed',
      start_time: day2('15:00'),
      end_time: day2('15:30'),
      tracks: [main.id],
    });
    await until(() => received.some((message) => message.type === 'agenda-item-updated'));
    expect(received).toContainEqual({ type: 'broadcast-updated', data: { eventId, id: created.id } });
    const block = (await items()).find((item) => item.broadcast === created.id)!;
    expect(received).toContainEqual({ type: 'agenda-item-updated', data: { eventId, id: block.id } });
    socket.close();
  });
});
