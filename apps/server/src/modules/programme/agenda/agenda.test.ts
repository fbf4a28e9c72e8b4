import { describe, expect, it } from 'vitest';
import {
  accessMessages,
  agendaServerMessages,
  type AgendaItem,
  type Broadcast,
  type Page,
  type Track,
  type VideoUsageEntry,
} from '@studio/domain';
import { bearer } from '../../../../test/harness.ts';
import {
  newAdmin,
  newApiToken,
  newAutomationAdmin,
  newMember,
  setPlan,
} from '../../access/access.fixtures.ts';
import { at, caller, idsOf, newEvent } from '../../back-office/back-office.fixtures.ts';
import { agendaApi, libraryVideo } from './agenda.fixtures.ts';
import { fileStudioWithAdmin, madeBeforeAll } from '../../../../test/file-studio.ts';

const { studio, admin, api } = fileStudioWithAdmin('Programme Org');
const agenda = madeBeforeAll(() => agendaApi(api));

const base = new Date(Date.UTC(2031, 2, 10, 9));
const iso = (minutesFromBase: number) => at(base, minutesFromBase).toISOString();

const conference = (title = 'Summit') => newEvent(api, { title, start: at(base, 0), end: at(base, 480) });
/** A live session of the event, by default a half-hour talk at the programme's start. */
const liveSession = async (event: string, fields: Record<string, unknown> = {}) =>
  (
    await agenda.createSession({
      event,
      title: 'Talk',
      start_time: iso(0),
      end_time: iso(30),
      broadcast_type: 'LIVE',
      ...fields,
    })
  ).body;

const put = async <T>(access: string, url: string, payload: unknown) => {
  const response = await studio.app.inject({
    method: 'PUT',
    url,
    headers: bearer(access),
    payload: payload as Record<string, unknown>,
  });
  return { status: response.statusCode, body: response.json<T & { errors?: Record<string, string[]> }>() };
};

describe('sessions (broadcasts)', () => {
  it('creates a session in the first track, reads, lists, patches and deletes it', async () => {
    const event = await conference();
    const main = (await agenda.createTrack({ event: event.id, title: 'Main stage' })).body;
    const side = (await agenda.createTrack({ event: event.id, title: 'Side room' })).body;
    const created = await agenda.createSession({
      event: event.id,
      title: 'Keynote',
      start_time: iso(30),
      end_time: iso(90),
      broadcast_type: 'LIVE',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      event: event.id,
      title: 'Keynote',
      description: '',
      broadcast_type: 'LIVE',
      is_live: false,
      simulive_test_run_end_time: null,
      test_simulive_processing_state: null,
      rtmp_input: null,
      video_assets: [],
      speakers: [],
      tracks: [main.id],
    });
    const session = created.body;
    expect((await api.get<Broadcast>(`/api/event/broadcasts/${session.id}/`)).body).toEqual(session);
    const items = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event.id}`)).body;
    expect(items.results).toEqual([
      {
        id: expect.any(String) as string,
        event: event.id,
        track: main.id,
        kind: 'session',
        broadcast: session.id,
        title: 'Keynote',
        start_time: iso(30),
        end_time: iso(90),
        overlaps: [],
      },
    ]);

    const patched = await agenda.patchSession(session.id, {
      title: 'Opening keynote',
      // Rich text keeps only what 002 §5.2 allows.
      description: '<h2>Welcome</h2><script>alert(1)</script><p onclick="x()">Hi</p>',
      start_time: iso(60),
      end_time: iso(120),
      tracks: [side.id],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Opening keynote',
      description: '<h2>Welcome</h2><p>Hi</p>',
      tracks: [side.id],
      start_time: iso(60),
    });
    const moved = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event.id}`)).body.results;
    expect(moved.map((item) => [item.track, item.title, item.start_time])).toEqual([
      [side.id, 'Opening keynote', iso(60)],
    ]);
    const list = (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${event.id}`)).body;
    expect(list).toMatchObject({ count: 1, next: null, previous: null });
    expect(idsOf(list)).toEqual([session.id]);

    expect((await api.delete(`/api/event/broadcasts/${session.id}/`)).status).toBe(204);
    expect((await api.get(`/api/event/broadcasts/${session.id}/`)).status).toBe(404);
    expect((await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event.id}`)).body.count).toBe(0);
  });

  it('keeps sessions within the event and ending after they start', async () => {
    const event = await conference();
    const outside = await agenda.createSession({
      event: event.id,
      title: 'Too early',
      start_time: iso(-30),
      end_time: iso(500),
      broadcast_type: 'LIVE',
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual({
      start_time: [agendaServerMessages.startBeforeEvent],
      end_time: [agendaServerMessages.endAfterEvent],
    });
    const backwards = await agenda.createSession({
      event: event.id,
      title: 'Backwards',
      start_time: iso(60),
      end_time: iso(60),
      broadcast_type: 'LIVE',
    });
    expect(backwards.body.errors).toEqual({ end_time: [agendaServerMessages.endBeforeStart] });
    const session = await liveSession(event.id, { title: 'Fine', start_time: iso(60), end_time: iso(90) });
    const patched = await agenda.patchSession(session.id, { end_time: iso(30) });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual({ end_time: [agendaServerMessages.endBeforeStart] });
    // Times left as they are stay, even once the event has moved away from them.
    await api.patch(`/api/event/${event.id}/`, { start_time: iso(120), end_time: iso(480) });
    expect((await agenda.patchSession(session.id, { title: 'Renamed' })).status).toBe(200);
    expect((await agenda.patchSession(session.id, { end_time: iso(100) })).body.errors).toEqual({
      start_time: [agendaServerMessages.startBeforeEvent],
    });
    const bad = await agenda.createSession({
      event: event.id,
      title: '',
      start_time: 'soon',
      broadcast_type: 'X',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual([
      'broadcast_type',
      'end_time',
      'start_time',
      'title',
    ]);
  });

  it('refuses a track of another event on `tracks`', async () => {
    const event = await conference();
    const other = await conference('Other');
    const foreign = (await agenda.createTrack({ event: other.id, title: 'Elsewhere' })).body;
    const refused = await agenda.createSession({
      event: event.id,
      title: 'Talk',
      start_time: iso(10),
      end_time: iso(20),
      broadcast_type: 'LIVE',
      tracks: [foreign.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ tracks: [agendaServerMessages.trackNotInEvent] });
    expect((await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${event.id}`)).body.count).toBe(0);
  });
});

describe("a session's videos", () => {
  it('answers a session caller root-relative thumbnails (any studio address) and an API token absolute PUBLIC_URL ones', async () => {
    const owner = await newAutomationAdmin(studio, 'Thumbnail URLs Org');
    const token = await newApiToken(studio, owner.access);
    const video = await libraryVideo(studio, owner.organization.id, 'COMPLETE', 300);
    await studio.database.db
      .updateTable('video_assets')
      .set({ thumbnail_key: `videos/${video}/thumbnail.jpg` })
      .where('id', '=', video)
      .execute();
    const event = await newEvent(caller(studio, owner.access), {
      title: 'Thumbnails',
      start: at(base, 0),
      end: at(base, 480),
    });
    const path = `/api/media/videos/${video}/thumbnail.jpg`;
    const session = {
      event: event.id,
      title: 'Recorded',
      start_time: iso(0),
      end_time: iso(60),
      broadcast_type: 'SIMULIVE',
      video_assets: [video],
    };
    const thumbnailsAs = async (access: string) => {
      const reader = agendaApi(caller(studio, access));
      const created = await reader.createSession(session);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id;
      const got = await caller(studio, access).get<Broadcast>(`/api/event/broadcasts/${id}/`);
      const listed = await caller(studio, access).get<Page<Broadcast>>(
        `/api/event/broadcasts/?event=${event.id}`,
      );
      const patched = await reader.patchSession(id, { title: 'Renamed' });
      return [created.body, got.body, listed.body.results.find((one) => one.id === id)!, patched.body].map(
        (answer) => answer.video_assets[0]!.thumbnail,
      );
    };
    expect(await thumbnailsAs(owner.access)).toEqual([path, path, path, path]);
    const absolute = await thumbnailsAs(token.token);
    for (const url of absolute) expect(url).toMatch(new RegExp(`^https?://[^/]+${path}$`));
  });

  it('keeps their order, refuses another organisation’s and unprocessed ones for a pre-recorded session', async () => {
    const event = await conference();
    const first = await libraryVideo(studio, admin.organization.id, 'COMPLETE', 300);
    const second = await libraryVideo(studio, admin.organization.id, 'COMPLETE', 120);
    const processing = await libraryVideo(studio, admin.organization.id, 'PROGRESSING');
    const stranger = await newAdmin(studio, 'Stranger Org');
    const foreign = await libraryVideo(studio, stranger.organization.id, 'COMPLETE');
    const session = { event: event.id, title: 'Recorded', start_time: iso(0), end_time: iso(60) };

    const created = await agenda.createSession({
      ...session,
      broadcast_type: 'SIMULIVE',
      video_assets: [second, first],
    });
    expect(created.status).toBe(201);
    expect(created.body.video_assets).toEqual([
      { id: second, title: 'Talk complete', duration: 120, transcode_status: 'COMPLETE', thumbnail: null },
      { id: first, title: 'Talk complete', duration: 300, transcode_status: 'COMPLETE', thumbnail: null },
    ]);
    const notOurs = await agenda.createSession({
      ...session,
      broadcast_type: 'SIMULIVE',
      video_assets: [foreign],
    });
    expect(notOurs.body.errors).toEqual({ video_assets: [agendaServerMessages.videoNotInOrganization] });
    const unprocessed = await agenda.createSession({
      ...session,
      broadcast_type: 'SIMULIVE',
      video_assets: [processing],
    });
    expect(unprocessed.body.errors).toEqual({ video_assets: [agendaServerMessages.videoNotProcessed] });
    const live = await agenda.createSession({
      ...session,
      broadcast_type: 'LIVE',
      video_assets: [processing],
    });
    expect(live.status).toBe(201);
    const toSimulive = await agenda.patchSession(live.body.id, { broadcast_type: 'SIMULIVE' });
    expect(toSimulive.body.errors).toEqual({ video_assets: [agendaServerMessages.videoNotProcessed] });
  });

  it('lists the session’s event as the video’s usage and blocks deleting the video (409 VIDEO_IN_USE)', async () => {
    const event = await newEvent(api, {
      title: 'Webinar week',
      start: at(base, 0),
      end: at(base, 120),
      event_type: 'Webinar',
    });
    const video = await libraryVideo(studio, admin.organization.id, 'COMPLETE');
    const session = await agenda.createSession({
      event: event.id,
      title: 'Replay',
      start_time: iso(0),
      end_time: iso(60),
      broadcast_type: 'SIMULIVE',
      video_assets: [video],
    });
    const usage = await api.get<VideoUsageEntry[]>(`/api/core/video_assets/${video}/usage/`);
    expect(usage.body).toEqual([
      {
        entity_id: event.id,
        entity_title: 'Webinar week',
        entity_subtype: 'WEBINAR',
        entity_type: 'EVENT',
        entity_created_date: expect.any(String) as string,
      },
    ]);
    const refused = await api.delete(`/api/core/video_assets/${video}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'VIDEO_IN_USE' });
    await agenda.patchSession(session.body.id, { video_assets: [] });
    expect((await api.get<VideoUsageEntry[]>(`/api/core/video_assets/${video}/usage/`)).body).toEqual([]);
    expect((await api.delete(`/api/core/video_assets/${video}/`)).status).toBe(204);
  });

  it('refuses deleting a video a session is being given meanwhile (409 VIDEO_IN_USE, not a server error)', async () => {
    const event = await conference('Racing');
    const session = await liveSession(event.id, { title: 'Replay' });
    const video = await libraryVideo(studio, admin.organization.id, 'COMPLETE');
    // The session's video is written but not committed when the delete arrives.
    let deleting: ReturnType<typeof api.delete> | undefined;
    await studio.database.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('broadcast_videos')
        .values({ broadcast_id: session.id, video_asset_id: video, position: 0 })
        .execute();
      deleting = api.delete(`/api/core/video_assets/${video}/`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const refused = await deleting!;
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'VIDEO_IN_USE' });
    expect((await api.get(`/api/core/video_assets/${video}/`)).status).toBe(200);
  });
});

describe('tracks', () => {
  it('creates, renames, reorders in bulk and deletes tracks; a deleted track takes its blocks, not its sessions', async () => {
    const event = await conference();
    const a = (await agenda.createTrack({ event: event.id, title: 'A' })).body;
    const b = (await agenda.createTrack({ event: event.id, title: 'B' })).body;
    expect([a.sort_priority, b.sort_priority]).toEqual([0, 1]);
    const renamed = await api.patch<Track>(`/api/event/tracks/${a.id}/`, { title: 'Alpha' });
    expect(renamed.body).toMatchObject({ title: 'Alpha', agenda_items: '' });
    expect((await api.patch<Track>(`/api/event/tracks/${a.id}/`, {})).body.title).toBe('Alpha');

    const bulk = await put<Track[]>(admin.access, '/api/event/tracks/bulk/', {
      event: event.id,
      tracks: [
        { id: a.id, title: 'Second', sort_priority: 1 },
        { id: b.id, title: 'First', sort_priority: 0 },
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.map((track) => [track.id, track.title])).toEqual([
      [b.id, 'First'],
      [a.id, 'Second'],
    ]);

    const session = await liveSession(event.id, { tracks: [a.id, b.id] });
    const pause = (
      await agenda.createItem({
        event: event.id,
        track: a.id,
        kind: 'break',
        title: 'Coffee',
        start_time: iso(30),
        end_time: iso(45),
      })
    ).body;
    const tracks = (await api.get<Page<Track>>(`/api/event/tracks/?event=${event.id}`)).body.results;
    const alpha = tracks.find((track) => track.id === a.id)!;
    expect(alpha.agenda_items.split(',')).toHaveLength(2);
    expect(alpha.agenda_items.split(',')[1]).toBe(pause.id);

    expect((await api.delete(`/api/event/tracks/${a.id}/`)).status).toBe(204);
    const left = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event.id}`)).body.results;
    expect(left.map((item) => item.track)).toEqual([b.id]);
    expect((await api.get<Broadcast>(`/api/event/broadcasts/${session.id}/`)).body.tracks).toEqual([b.id]);
  });

  it('refuses a sort priority beyond a 32-bit integer (400, not a server error)', async () => {
    const event = await conference();
    const tooBig = 2 ** 31;
    const created = await agenda.createTrack({ event: event.id, title: 'A', sort_priority: tooBig });
    expect(created.status).toBe(400);
    expect(Object.keys((created.body as unknown as { errors: object }).errors)).toEqual(['sort_priority']);
    const a = (await agenda.createTrack({ event: event.id, title: 'A' })).body;
    const patched = await api.patch<{ errors: object }>(`/api/event/tracks/${a.id}/`, {
      sort_priority: tooBig,
    });
    expect(patched.status).toBe(400);
    expect(Object.keys(patched.body.errors)).toEqual(['sort_priority']);
    const bulk = await put<{ errors: object }>(admin.access, '/api/event/tracks/bulk/', {
      event: event.id,
      tracks: [{ id: a.id, title: 'A', sort_priority: tooBig }],
    });
    expect(bulk.status).toBe(400);
    expect(Object.keys(bulk.body.errors)).toEqual(['tracks.0.sort_priority']);
  });

  it('saves nothing of a bulk call naming an unknown track or leaving one out', async () => {
    const event = await conference();
    const other = await conference('Other');
    const a = (await agenda.createTrack({ event: event.id, title: 'A' })).body;
    const b = (await agenda.createTrack({ event: event.id, title: 'B' })).body;
    const foreign = (await agenda.createTrack({ event: other.id, title: 'Foreign' })).body;
    const unknown = await put(admin.access, '/api/event/tracks/bulk/', {
      event: event.id,
      tracks: [
        { id: a.id, title: 'Renamed', sort_priority: 5 },
        { id: b.id, title: 'B', sort_priority: 1 },
        { id: foreign.id, title: 'Stolen', sort_priority: 0 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ tracks: [agendaServerMessages.unknownTrack] });
    const missing = await put(admin.access, '/api/event/tracks/bulk/', {
      event: event.id,
      tracks: [{ id: a.id, title: 'Renamed', sort_priority: 5 }],
    });
    expect(missing.body.errors).toEqual({ tracks: [agendaServerMessages.missingTracks] });
    const tracks = (await api.get<Page<Track>>(`/api/event/tracks/?event=${event.id}`)).body.results;
    expect(tracks.map((track) => [track.title, track.sort_priority])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
    expect((await api.get<Track>(`/api/event/tracks/?event=${other.id}`)).status).toBe(200);
  });
});

describe('agenda items', () => {
  it('computes overlaps within a track (touching blocks do not overlap, other tracks do not count)', async () => {
    const event = await conference();
    const a = (await agenda.createTrack({ event: event.id, title: 'A' })).body;
    const b = (await agenda.createTrack({ event: event.id, title: 'B' })).body;
    const block = async (track: string, from: number, to: number, title: string) =>
      (
        await agenda.createItem({
          event: event.id,
          track,
          kind: 'break',
          title,
          start_time: iso(from),
          end_time: iso(to),
        })
      ).body;
    const first = await block(a.id, 0, 60, 'First');
    const touching = await block(a.id, 60, 90, 'Touching');
    const overlapping = await block(a.id, 30, 70, 'Overlapping');
    const elsewhere = await block(b.id, 0, 60, 'Elsewhere');
    expect(overlapping.overlaps.sort()).toEqual([first.id, touching.id].sort());
    const items = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event.id}`)).body.results;
    const overlapsOf = (id: string) => items.find((item) => item.id === id)!.overlaps;
    expect(overlapsOf(first.id)).toEqual([overlapping.id]);
    expect(overlapsOf(touching.id)).toEqual([overlapping.id]);
    expect(overlapsOf(elsewhere.id)).toEqual([]);
  });

  it('adds a session to a track, moves it through its block, and removes it from the track on delete', async () => {
    const event = await conference();
    const a = (await agenda.createTrack({ event: event.id, title: 'A' })).body;
    const b = (await agenda.createTrack({ event: event.id, title: 'B' })).body;
    const session = await liveSession(event.id, { title: 'Panel', tracks: [a.id] });
    const added = await agenda.createItem({
      event: event.id,
      track: b.id,
      kind: 'session',
      broadcast: session.id,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      track: b.id,
      broadcast: session.id,
      title: 'Panel',
      start_time: iso(0),
    });
    const again = await agenda.createItem({
      event: event.id,
      track: b.id,
      kind: 'session',
      broadcast: session.id,
    });
    expect(again.body.errors).toEqual({ track: [agendaServerMessages.sessionAlreadyInTrack] });
    const noSession = await agenda.createItem({ event: event.id, track: b.id, kind: 'session' });
    expect(noSession.body.errors).toEqual({ broadcast: [agendaServerMessages.broadcastRequired] });
    const untitled = await agenda.createItem({ event: event.id, track: b.id, kind: 'break' });
    expect(Object.keys(untitled.body.errors ?? {}).sort()).toEqual(['end_time', 'start_time', 'title']);

    const moved = await agenda.patchItem(added.body.id, { start_time: iso(120), end_time: iso(150) });
    expect(moved.status).toBe(200);
    const after = (await api.get<Broadcast>(`/api/event/broadcasts/${session.id}/`)).body;
    expect([after.start_time, after.end_time, after.tracks.sort()]).toEqual([
      iso(120),
      iso(150),
      [a.id, b.id].sort(),
    ]);
    const items = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event.id}`)).body.results;
    expect(items.map((item) => item.start_time)).toEqual([iso(120), iso(120)]);
    const outside = await agenda.patchItem(added.body.id, { end_time: iso(600) });
    expect(outside.body.errors).toEqual({ end_time: [agendaServerMessages.endAfterEvent] });

    expect((await api.delete(`/api/event/agenda-item/${added.body.id}/`)).status).toBe(204);
    expect((await api.get<Broadcast>(`/api/event/broadcasts/${session.id}/`)).body.tracks).toEqual([a.id]);
  });

  it('adds a session sent to the same track several times at once there once; the others are told it is there', async () => {
    const event = await conference();
    const session = await liveSession(event.id, { title: 'Hands-on' });
    const track = (await agenda.createTrack({ event: event.id, title: 'Workshops' })).body;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        agenda.createItem({ event: event.id, track: track.id, kind: 'session', broadcast: session.id }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.status === 400))
      expect(refused.body.errors).toEqual({ track: [agendaServerMessages.sessionAlreadyInTrack] });
  });

  it('refuses a track or a session of another event', async () => {
    const event = await conference();
    const other = await conference('Other');
    const foreignTrack = (await agenda.createTrack({ event: other.id, title: 'X' })).body;
    const own = (await agenda.createTrack({ event: event.id, title: 'Own' })).body;
    const foreignSession = await liveSession(other.id, { title: 'Theirs' });
    const block = { event: event.id, kind: 'break', title: 'Lunch', start_time: iso(0), end_time: iso(30) };
    expect((await agenda.createItem({ ...block, track: foreignTrack.id })).body.errors).toEqual({
      track: [agendaServerMessages.trackNotInEvent],
    });
    expect(
      (
        await agenda.createItem({
          event: event.id,
          track: own.id,
          kind: 'session',
          broadcast: foreignSession.id,
        })
      ).body.errors,
    ).toEqual({ broadcast: [agendaServerMessages.broadcastNotInEvent] });
    const lunch = (await agenda.createItem({ ...block, track: own.id })).body;
    expect((await agenda.patchItem(lunch.id, { track: foreignTrack.id })).body.errors).toEqual({
      track: [agendaServerMessages.trackNotInEvent],
    });
  });

  it('goes with its event', async () => {
    const event = await conference();
    const track = (await agenda.createTrack({ event: event.id, title: 'A' })).body;
    const session = await liveSession(event.id);
    expect((await api.delete(`/api/event/${event.id}/`)).status).toBe(204);
    expect((await api.get(`/api/event/broadcasts/${session.id}/`)).status).toBe(404);
    expect((await api.delete(`/api/event/tracks/${track.id}/`)).status).toBe(404);
  });

  it('moves with its event when the event is rescheduled: every session and block by the same shift', async () => {
    const event = await conference('Moving summit');
    const track = (await agenda.createTrack({ event: event.id, title: 'Main stage' })).body;
    const talk = await liveSession(event.id, { start_time: iso(60), end_time: iso(90) });
    await agenda.createItem({
      event: event.id,
      track: track.id,
      kind: 'break',
      title: 'Coffee',
      start_time: iso(90),
      end_time: iso(105),
    });
    // Three days and two hours later.
    const shift = 3 * 24 * 60 + 120;
    const moved = await api.post(`/api/event/${event.id}/reschedule/`, {
      start_time: iso(shift),
      end_time: iso(shift + 480),
    });
    expect(moved.status).toBe(200);
    expect((await api.get<Broadcast>(`/api/event/broadcasts/${talk.id}/`)).body).toMatchObject({
      start_time: iso(shift + 60),
      end_time: iso(shift + 90),
    });
    const blocks = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event.id}`)).body
      .results;
    expect(blocks.map((block) => [block.title, block.start_time, block.end_time]).sort()).toEqual([
      ['Coffee', iso(shift + 90), iso(shift + 105)],
      ['Talk', iso(shift + 60), iso(shift + 90)],
    ]);
  });
});

describe('plan gating (spec 002 §6)', () => {
  const gated = async (features: Record<string, boolean>) => {
    const owner = await newAdmin(studio, 'Starter Org');
    await setPlan(studio, owner.organization.id, 'starter', features);
    const ownerApi = caller(studio, owner.access);
    return { owner, ownerApi, calls: agendaApi(ownerApi) };
  };
  const expectRefused = (answer: { status: number; body: { code?: string; message?: string } }) => {
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      code: 'FEATURE_NOT_ENABLED',
      message: accessMessages.featureNotEnabled,
    });
  };

  it('refuses pre-recorded and RTMP sessions, a second session and a second track without their features', async () => {
    const { ownerApi, calls, owner } = await gated({});
    const event = await newEvent(ownerApi, { title: 'Day', start: at(base, 0), end: at(base, 240) });
    const session = { event: event.id, title: 'S', start_time: iso(0), end_time: iso(30) };
    expectRefused(await calls.createSession({ ...session, broadcast_type: 'SIMULIVE' }));
    expectRefused(await calls.createSession({ ...session, broadcast_type: 'RTMP' }));
    const live = await calls.createSession({ ...session, broadcast_type: 'LIVE' });
    expect(live.status).toBe(201);
    expectRefused(await calls.patchSession(live.body.id, { broadcast_type: 'RTMP' }));
    expectRefused(await calls.createSession({ ...session, broadcast_type: 'LIVE' }));
    expect((await calls.createTrack({ event: event.id, title: 'One' })).status).toBe(201);
    expectRefused(await calls.createTrack({ event: event.id, title: 'Two' }));

    const twoDays = await newEvent(ownerApi, { title: 'Days', start: at(base, 0), end: at(base, 60 * 30) });
    expectRefused(await calls.createSession({ ...session, event: twoDays.id, broadcast_type: 'LIVE' }));
    await setPlan(studio, owner.organization.id, 'growth', {
      multiDay: true,
      multiSession: true,
      multiTrack: true,
      prerecordedSessions: true,
      rtmp: true,
    });
    expect(
      (await calls.createSession({ ...session, event: twoDays.id, broadcast_type: 'RTMP' })).status,
    ).toBe(201);
    expect((await calls.createSession({ ...session, broadcast_type: 'SIMULIVE' })).status).toBe(201);
    expect((await calls.createTrack({ event: event.id, title: 'Two' })).status).toBe(201);
  });
});

describe('another organisation', () => {
  it('gets 404 on every agenda call for objects it cannot see; a reader cannot write', async () => {
    const event = await conference();
    const track = (await agenda.createTrack({ event: event.id, title: 'A' })).body;
    const session = await liveSession(event.id);
    const item = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${event.id}`)).body
      .results[0]!;
    const stranger = await newAdmin(studio, 'Stranger Org');
    const them = caller(studio, stranger.access);
    const calls: [string, Promise<{ status: number }>][] = [
      ['list sessions', them.get(`/api/event/broadcasts/?event=${event.id}`)],
      ['get session', them.get(`/api/event/broadcasts/${session.id}/`)],
      [
        'create session',
        them.post('/api/event/broadcasts/', {
          event: event.id,
          title: 'X',
          start_time: iso(0),
          end_time: iso(10),
          broadcast_type: 'LIVE',
        }),
      ],
      ['patch session', them.patch(`/api/event/broadcasts/${session.id}/`, { title: 'Mine' })],
      ['delete session', them.delete(`/api/event/broadcasts/${session.id}/`)],
      ['list tracks', them.get(`/api/event/tracks/?event=${event.id}`)],
      ['create track', them.post('/api/event/tracks/', { event: event.id, title: 'X' })],
      ['patch track', them.patch(`/api/event/tracks/${track.id}/`, { title: 'Mine' })],
      ['bulk tracks', put(stranger.access, '/api/event/tracks/bulk/', { event: event.id, tracks: [] })],
      ['delete track', them.delete(`/api/event/tracks/${track.id}/`)],
      ['list items', them.get(`/api/event/agenda-item/?event=${event.id}`)],
      [
        'create item',
        them.post('/api/event/agenda-item/', {
          event: event.id,
          track: track.id,
          kind: 'break',
          title: 'X',
          start_time: iso(0),
          end_time: iso(10),
        }),
      ],
      ['patch item', them.patch(`/api/event/agenda-item/${item.id}/`, { title: 'Mine' })],
      ['delete item', them.delete(`/api/event/agenda-item/${item.id}/`)],
      ['malformed id', them.get('/api/event/broadcasts/not-an-id/')],
      ['malformed event', them.get('/api/event/tracks/?event=not-an-id')],
    ];
    for (const [name, call] of calls) expect([name, (await call).status]).toEqual([name, 404]);
    expect((await api.get<Broadcast>(`/api/event/broadcasts/${session.id}/`)).body.title).toBe('Talk');

    const reader = await newMember(studio, admin.organization.id, 'BRAND_EDITOR');
    const readerApi = caller(studio, reader.access);
    expect((await readerApi.get(`/api/event/broadcasts/?event=${event.id}`)).status).toBe(200);
    expect((await readerApi.patch(`/api/event/broadcasts/${session.id}/`, { title: 'No' })).status).toBe(403);
    expect((await readerApi.post('/api/event/tracks/', { event: event.id, title: 'No' })).status).toBe(403);
    expect(
      (await studio.app.inject({ method: 'GET', url: `/api/event/tracks/?event=${event.id}` })).statusCode,
    ).toBe(401);
  });
});
