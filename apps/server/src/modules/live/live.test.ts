import os from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  rtmpInputServerMessages,
  streamOf,
  type Page,
  type RtmpInput,
  type StageSource,
} from '@studio/domain';
import { madeBeforeAll } from '../../../test/file-studio.ts';
import { tempDir } from '../../../test/harness.ts';
import { fileListeningStudio, watchEvent } from '../../../test/listening.ts';
import { newAdmin, newApiToken, newAutomationAdmin, setPlan } from '../access/access.fixtures.ts';
import { at, caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { agendaApi, libraryVideo } from '../programme/agenda/agenda.fixtures.ts';
import { createObjectStore } from '../../platform/storage/storage.ts';
import { createLiveChannels } from './live-channels.ts';
import type { LiveService } from './live.service.ts';
import { livePlaylist } from './live-playlist.ts';

const day = new Date(Date.UTC(2031, 5, 10, 8));
let now = at(day, -24 * 60);
const studio = fileListeningStudio({ clock: () => now, role: 'all', jobs: { pollIntervalMs: 50 } });
const admin = madeBeforeAll(() => newAdmin(studio, 'Live Inputs Org'));
const api = madeBeforeAll(() => caller(studio, admin.access));

type Answer<T> = T & { code: string; message: string; errors: Record<string, string[]> };
const create = (event: string, name: string) =>
  api.post<Answer<RtmpInput>>('/api/event/rtmp_inputs/', { event, name });
const listed = async (event: string) =>
  (await api.get<Page<RtmpInput>>(`/api/event/rtmp_inputs/?event=${event}`)).body.results;

/** A studio socket that named the event, with the `rtmp-input-updated` pushes it receives. */
async function watch(eventId: string) {
  const watching = await watchEvent(studio.publicUrl, admin, eventId);
  return { ...watching, pushes: () => watching.of('rtmp-input-updated') };
}

describe('RTMP inputs (002 §3.5, §4.3, §7.4)', () => {
  it('answers a session a root-relative channel HLS (any studio address) and an API token an absolute PUBLIC_URL one', async () => {
    const owner = await newAutomationAdmin(studio, 'Live URLs Org');
    const token = await newApiToken(studio, owner.access);
    const ownerApi = caller(studio, owner.access);
    const event = await newEvent(ownerApi, { title: 'Preview', start: at(day, 0), end: at(day, 240) });
    const made = await ownerApi.post<Answer<RtmpInput>>('/api/event/rtmp_inputs/', {
      event: event.id,
      name: 'Cam',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const hls = `/api/live/${made.body.id}/index\\.m3u8\\?org_id=${owner.organization.id}&code=`;
    expect(made.body.urls.hls).toMatch(new RegExp(`^${hls}`));
    for (const [access, base] of [
      [owner.access, ''],
      [token.token, studio.publicUrl],
    ] as const) {
      const reader = caller(studio, access);
      const one = await reader.get<RtmpInput>(`/api/event/rtmp_inputs/${made.body.id}/`);
      const [listedOne] = (await reader.get<Page<RtmpInput>>(`/api/event/rtmp_inputs/?event=${event.id}`))
        .body.results;
      for (const input of [one.body, listedOne!])
        expect(input.urls.hls).toMatch(new RegExp(`^${base}${hls}`));
    }
  });

  it('creates inputs with a stream URL and key, a failover URL and key, and its channel’s HLS', async () => {
    const event = await newEvent(api, { title: 'Launch', start: at(day, 0), end: at(day, 240) });
    const made = await create(event.id, '  Main camera ');
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Main camera',
      event: event.id,
      channel_states: ['IDLE'],
      state: 'DETACHED',
      test_run_end_time: null,
      feeds: { primary: false, failover: false, degraded: false, error: null },
    });
    expect(made.body.urls.hls).toMatch(
      new RegExp(`^/api/live/${made.body.id}/index\\.m3u8\\?org_id=${admin.organization.id}&code=`),
    );
    const primary = streamOf(made.body.input_url)!;
    const failover = streamOf(made.body.failover_input_url)!;
    expect(primary.url).toBe('rtmp://127.0.0.1:1935/live');
    expect(failover.url).toBe(primary.url);
    expect(primary.key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(failover.key).not.toBe(primary.key);
    expect(made.body.secure_input_url).toBeNull();
    expect((await listed(event.id)).map((input) => input.id)).toEqual([made.body.id]);

    const blank = await create(event.id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toBeDefined();
  });

  it('starts a test run in testing time: STARTING, then accepting until its end, pushed each time', async () => {
    now = at(day, -24 * 60);
    const event = await newEvent(api, { title: 'Rehearsal', start: at(day, 0), end: at(day, 240) });
    const input = (await create(event.id, 'Stage')).body;
    const watching = await watch(event.id);

    const started = await api.post<RtmpInput>(`/api/event/rtmp_inputs/${input.id}/start_test/`);
    expect(started.status).toBe(200);
    expect(started.body.channel_states).toEqual(['STARTING']);
    await watching.until(() => watching.pushes().some((push) => push.test_run_end_time));
    const opened = watching.pushes().at(-1)!;
    expect(watching.pushes()[0]).toMatchObject({
      id: input.id,
      eventId: event.id,
      channel_states: ['STARTING'],
    });
    expect(opened).toMatchObject({ id: input.id, channel_states: ['RUNNING'] });
    // Thirty minutes of testing, never into the hour before the event.
    expect(opened.test_run_end_time).toBe(at(day, -24 * 60 + 30).toISOString());
    expect((await listed(event.id))[0]).toMatchObject({ channel_states: ['RUNNING'] });

    const again = await api.post<Answer<RtmpInput>>(`/api/event/rtmp_inputs/${input.id}/start_test/`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(rtmpInputServerMessages.alreadyRunning);

    now = at(day, -24 * 60 + 31);
    expect((await listed(event.id))[0]!.channel_states).toEqual(['IDLE']);
    watching.socket.close();
  });

  it('refuses a test within the hour before the event; accepts the live stream from then; archives after the end', async () => {
    const event = await newEvent(api, { title: 'Soon', start: at(day, 0), end: at(day, 240) });
    const input = (await create(event.id, 'Stage')).body;
    now = at(day, -60);
    const late = await api.post<Answer<RtmpInput>>(`/api/event/rtmp_inputs/${input.id}/start_test/`);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(rtmpInputServerMessages.notInTestingTime);
    expect((await listed(event.id))[0]!.channel_states).toEqual(['RUNNING']);
    now = at(day, 240);
    expect((await listed(event.id))[0]!.channel_states).toEqual(['DELETED']);
    now = at(day, -24 * 60);
  });

  it('lets an RTMP session play one of its event’s inputs, on the stage; refuses deleting it then (CANNOT_DELETE_IN_USE)', async () => {
    const event = await newEvent(api, { title: 'Used', start: at(day, 0), end: at(day, 240) });
    const elsewhere = await newEvent(api, { title: 'Elsewhere', start: at(day, 0), end: at(day, 240) });
    const input = (await create(event.id, 'Stage')).body;
    const foreign = (await create(elsewhere.id, 'Other')).body;
    const agenda = agendaApi(api);
    const session = {
      event: event.id,
      title: 'Keynote',
      start_time: at(day, 0).toISOString(),
      end_time: at(day, 60).toISOString(),
      broadcast_type: 'RTMP',
    };
    const wrong = await agenda.createSession({ ...session, rtmp_input: foreign.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.rtmp_input).toEqual([rtmpInputServerMessages.notInEvent]);
    const keynote = await agenda.createSession({ ...session, rtmp_input: input.id });
    expect(keynote.status).toBe(201);
    expect(keynote.body.rtmp_input).toBe(input.id);
    expect((await listed(event.id))[0]!.state).toBe('ATTACHED');

    now = at(day, 10);
    const stage = await api.get<StageSource>(`/api/event/${event.id}/stage/`);
    expect(stage.body).toMatchObject({ kind: 'live', session: keynote.body.id });
    expect(stage.body.hls_url).toContain(`/e/${event.id}/api/live/${input.id}/index.m3u8?org_id=`);
    expect((await listed(event.id))[0]).toMatchObject({
      channel_states: ['RECOVERING'],
      feeds: { primary: false, failover: false, degraded: true },
    });
    now = at(day, -24 * 60);

    const refused = await api.delete(`/api/event/rtmp_inputs/${input.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body as Answer<unknown>).toMatchObject({
      code: 'CANNOT_DELETE_IN_USE',
      message: rtmpInputServerMessages.inUse,
    });
    const moved = await agenda.patchSession(keynote.body.id, { broadcast_type: 'LIVE' });
    expect(moved.body.rtmp_input).toBeNull();
    expect((await api.delete(`/api/event/rtmp_inputs/${input.id}/`)).status).toBe(204);
    expect(await listed(event.id)).toEqual([]);
  });

  it('refuses deleting an input a session is being pointed at meanwhile (CANNOT_DELETE_IN_USE, not a server error)', async () => {
    const event = await newEvent(api, { title: 'Racing', start: at(day, 0), end: at(day, 240) });
    const input = (await create(event.id, 'Stage')).body;
    const session = await agendaApi(api).createSession({
      event: event.id,
      title: 'Keynote',
      start_time: at(day, 0).toISOString(),
      end_time: at(day, 60).toISOString(),
      broadcast_type: 'RTMP',
    });
    expect(session.status).toBe(201);
    // The session's change is written but not committed when the delete arrives.
    let deleting: ReturnType<typeof api.delete> | undefined;
    await studio.database.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('broadcasts')
        .set({ rtmp_input_id: input.id })
        .where('id', '=', session.body.id)
        .execute();
      deleting = api.delete(`/api/event/rtmp_inputs/${input.id}/`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const refused = await deleting!;
    expect(refused.status).toBe(409);
    expect((refused.body as Answer<unknown>).code).toBe('CANNOT_DELETE_IN_USE');
    expect((await listed(event.id)).map((row) => row.id)).toEqual([input.id]);
  });

  it('answers 404 for another organisation’s inputs and gates creation on the rtmp plan feature', async () => {
    const event = await newEvent(api, { title: 'Private', start: at(day, 0), end: at(day, 240) });
    const input = (await create(event.id, 'Stage')).body;
    const other = await newAdmin(studio, 'Other Live Org');
    const stranger = caller(studio, other.access);
    expect((await stranger.get(`/api/event/rtmp_inputs/?event=${event.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/event/rtmp_inputs/${input.id}/start_test/`)).status).toBe(404);
    expect((await stranger.delete(`/api/event/rtmp_inputs/${input.id}/`)).status).toBe(404);

    await setPlan(studio, admin.organization.id, 'STARTER', {});
    const gated = await create(event.id, 'Backup');
    expect(gated.status).toBe(403);
    expect(gated.body.code).toBe('FEATURE_NOT_ENABLED');
    await setPlan(studio, admin.organization.id, null);
  });

  it('serves an empty live playlist before any segment, 404 for an unknown channel', async () => {
    const event = await newEvent(api, { title: 'Quiet', start: at(day, 0), end: at(day, 240) });
    const input = (await create(event.id, 'Stage')).body;
    const playlist = await fetch(new URL(input.urls.hls, studio.publicUrl));
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toContain('mpegurl');
    expect(await playlist.text()).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect((await fetch(`${studio.publicUrl}/api/live/${crypto.randomUUID()}/index.m3u8`)).status).toBe(404);
    const code = new URL(input.urls.hls, studio.publicUrl).search;
    expect((await fetch(`${studio.publicUrl}/api/live/${input.id}/0.ts${code}`)).status).toBe(404);
  });
});

describe('pruning a channel’s segments', () => {
  it('deletes what no playlist lists and no recording needs; keeps the playlist, unrecorded sessions and the shared filler', async () => {
    const event = await newEvent(api, { title: 'Long test', start: at(day, 0), end: at(day, 240) });
    const input = (await create(event.id, 'Stage')).body;
    const agenda = agendaApi(api);
    const session = (times: number) =>
      agenda.createSession({
        event: event.id,
        title: `Session ${times}`,
        start_time: at(day, times).toISOString(),
        end_time: at(day, times + 30).toISOString(),
        broadcast_type: 'LIVE',
      });
    const [recorded, unrecorded] = [(await session(0)).body.id, (await session(60)).body.id];
    const store = createObjectStore({ dataDir: (await tempDir('live-prune-')).path });
    const old = new Date(Date.now() - 10 * 60_000);
    const belongsTo = (sequence: number) =>
      sequence < 4 ? null : sequence < 6 ? recorded : sequence < 8 ? unrecorded : null;
    for (let sequence = 0; sequence < 16; sequence += 1) {
      const filler = sequence === 1;
      const key = filler ? 'live/fillers/event/slate.ts' : `live/${input.id}/p/${sequence}.ts`;
      await store.put(key, Buffer.from('segment'));
      await studio.database.db
        .insertInto('live_segments')
        .values({
          input_id: input.id,
          sequence,
          object_key: key,
          duration: 2,
          source: filler ? 'filler' : 'primary',
          discontinuity: false,
          discontinuities_before: 0,
          broadcast_id: belongsTo(sequence),
          created_at: old,
        })
        .execute();
    }
    await studio.database.db
      .insertInto('live_recordings')
      .values([
        {
          broadcast_id: recorded,
          input_id: input.id,
          video_asset_id: await libraryVideo(studio, admin.organization.id, 'COMPLETE'),
        },
        { broadcast_id: unrecorded, input_id: input.id, video_asset_id: null },
      ])
      .execute();
    const channels = createLiveChannels({
      db: studio.database.db,
      storage: store,
      live: {} as LiveService,
      sessionsOnAir: () => Promise.resolve([]),
      fillerImageOf: () => Promise.resolve(null),
      clock: () => new Date(),
      segmentSeconds: 2,
      workDir: os.tmpdir(),
    });
    await channels.pruneSegments();
    const left = await studio.database.db
      .selectFrom('live_segments')
      .select('sequence')
      .where('input_id', '=', input.id)
      .orderBy('sequence')
      .execute();
    // Sessions' recordings wait for 6 and 7; the last six (10–15) are the playlist.
    expect(left.map((row) => row.sequence)).toEqual([6, 7, 10, 11, 12, 13, 14, 15]);
    expect(await store.head(`live/${input.id}/p/0.ts`)).toBeNull();
    expect(await store.head(`live/${input.id}/p/4.ts`)).toBeNull();
    expect(await store.head(`live/${input.id}/p/6.ts`)).not.toBeNull();
    expect(await store.head('live/fillers/event/slate.ts')).not.toBeNull();
    await store.close();
  });
});

describe('the live playlist (RFC 8216)', () => {
  const segment = (sequence: number, discontinuity: boolean, before: number) => ({
    sequence,
    duration: 2.002,
    discontinuity,
    discontinuities_before: before,
  });

  it('keeps one continuous playlist: media and discontinuity sequences, a tag where the source changed', () => {
    const text = livePlaylist([segment(7, false, 1), segment(8, true, 1), segment(9, false, 2)], {
      segmentSeconds: 2,
      ended: false,
      uri: (sequence) => `${sequence}.ts`,
    });
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:3',
      '#EXT-X-MEDIA-SEQUENCE:7',
      '#EXT-X-DISCONTINUITY-SEQUENCE:1',
      '#EXTINF:2.002,',
      '7.ts',
      '#EXT-X-DISCONTINUITY',
      '#EXTINF:2.002,',
      '8.ts',
      '#EXTINF:2.002,',
      '9.ts',
      '',
    ]);
  });

  it('counts the first segment’s own discontinuity in the sequence, and ends an archived channel', () => {
    const text = livePlaylist([segment(8, true, 1)], { segmentSeconds: 2, ended: true, uri: String });
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:2');
    expect(text).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});
