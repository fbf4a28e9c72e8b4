import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMediaTool } from '@studio/media';
import {
  rtmpInputServerMessages,
  type Broadcast,
  type Page,
  type RtmpInput,
  type VideoAsset,
} from '@studio/domain';
import { fileTempDir, madeBeforeAll } from '../../../test/file-studio.ts';
import { fileListeningStudio, freePorts } from '../../../test/listening.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { agendaApi } from '../programme/agenda/agenda.fixtures.ts';
import { publish, selfSignedCertificate } from '../../platform/rtmp/publisher.fixtures.ts';

const work = fileTempDir('live-ingest-');
/** The ingest on free loopback ports, RTMPS with a self-signed certificate written into `work`. */
const rtmp = madeBeforeAll(async () => {
  const { cert, key } = await selfSignedCertificate(work.path);
  const certFile = path.join(work.path, 'studio-cert.pem');
  const keyFile = path.join(work.path, 'studio-key.pem');
  await writeFile(certFile, cert);
  await writeFile(keyFile, key);
  const [port, tlsPort] = await freePorts(2);
  return { port, host: '127.0.0.1', publicHost: '127.0.0.1', tls: { port: tlsPort, certFile, keyFile } };
});
const studio = fileListeningStudio(() => ({
  role: 'all',
  jobs: { pollIntervalMs: 50 },
  dataDir: path.join(work.path, 'data'),
  rtmp,
  liveSegmentSeconds: 1,
}));
const api = madeBeforeAll(async () => caller(studio, (await newAdmin(studio, 'Ingest Org')).access));

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** An event on now (its channels accept streams) with one input. */
async function liveEvent(title: string) {
  const event = await newEvent(api, { title, start: minutesFromNow(-30), end: minutesFromNow(120) });
  const input = (await api.post<RtmpInput>('/api/event/rtmp_inputs/', { event: event.id, name: 'Stage' }))
    .body;
  return { event, input };
}

/** The channel's segments as stored, oldest first, with where each came from. */
const segmentsOf = (inputId: string) =>
  studio.database.db
    .selectFrom('live_segments')
    .select(['sequence', 'source', 'discontinuity', 'broadcast_id'])
    .where('input_id', '=', inputId)
    .orderBy('sequence')
    .execute();
const sources = async (inputId: string) => (await segmentsOf(inputId)).map((segment) => segment.source);
const inputOf = async (input: RtmpInput) =>
  (await api.get<RtmpInput>(`/api/event/rtmp_inputs/${input.id}/`)).body;

describe('live channels fed by a real publisher (issue 19)', () => {
  it('refuses a wrong key at once; a right key produces playable HLS; RTMPS works the same', async () => {
    const { input } = await liveEvent('Broadcast');
    const refused = publish(`${input.input_url.slice(0, input.input_url.lastIndexOf('/'))}/not-a-key`);
    expect(await refused.exited).not.toBe(0);

    const publisher = publish(input.input_url, { seconds: 5 });
    const receiving = await until(
      () => inputOf(input),
      (answer) => answer.feeds.primary,
    );
    expect(receiving.channel_states).toEqual(['RECEIVING']);
    await until(
      () => sources(input.id),
      (list) => list.length >= 2,
    );
    const playlist = await (await fetch(new URL(input.urls.hls, studio.publicUrl))).text();
    // The segments' URIs carry the preview's access code.
    const [first] = playlist.split('\n').filter((line) => /^\d+\.ts\?org_id=.+&code=/.test(line));
    const segment = await fetch(new URL(first!, new URL(input.urls.hls, studio.publicUrl)));
    expect(segment.status).toBe(200);
    const file = path.join(work.path, 'segment.ts');
    await writeFile(file, Buffer.from(await segment.arrayBuffer()));
    const { stdout } = await runMediaTool('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file],
    ]);
    expect(new Set(stdout.split('\n').filter(Boolean))).toEqual(new Set(['h264', 'aac']));
    expect(await publisher.exited).toBe(0);
    await until(
      () => inputOf(input),
      (answer) => !answer.feeds.primary,
    );

    const secure = publish(input.secure_input_url!, { seconds: 3 });
    const before = (await segmentsOf(input.id)).length;
    await until(
      () => segmentsOf(input.id),
      (list) => list.length > before,
    );
    expect(await secure.exited).toBe(0);
  });

  it('fails over to the backup when the primary drops, and back when it returns, in one playlist', async () => {
    const { input } = await liveEvent('Failover');
    const primary = publish(input.input_url, { seconds: 30 });
    const backup = publish(input.failover_input_url, { seconds: 30 });
    await until(
      () => sources(input.id),
      (list) => list.filter((source) => source === 'primary').length >= 2,
    );
    expect(await sources(input.id)).not.toContain('failover');
    primary.child.kill('SIGKILL');
    await until(
      () => sources(input.id),
      (list) => list.at(-1) === 'failover',
    );
    const returned = publish(input.input_url, { seconds: 30 });
    const segments = await until(
      () => segmentsOf(input.id),
      (list) => list.at(-1)?.source === 'primary' && list.some((segment) => segment.source === 'failover'),
    );
    // primary… failover… primary…, a discontinuity at each switch.
    const switches = segments.filter((segment, i) => i > 0 && segment.source !== segments[i - 1]!.source);
    expect(switches.map((segment) => segment.source)).toEqual(['failover', 'primary']);
    expect(switches.every((segment) => segment.discontinuity)).toBe(true);
    const playlist = await (await fetch(new URL(input.urls.hls, studio.publicUrl))).text();
    expect(playlist).toMatch(/#EXT-X-DISCONTINUITY-SEQUENCE:\d+/);
    backup.child.kill('SIGKILL');
    returned.child.kill('SIGKILL');
  });

  it('keeps a live session on air with the filler while no encoder sends; reconnects make one recording', async () => {
    const { event, input } = await liveEvent('Recorded');
    const session = (
      await agendaApi(api).createSession({
        event: event.id,
        title: 'Opening keynote',
        start_time: minutesFromNow(-1),
        end_time: new Date(Date.now() + 25_000).toISOString(),
        broadcast_type: 'RTMP',
        rtmp_input: input.id,
      })
    ).body as Broadcast;
    // Nobody sends yet: the filler plays, the channel shows degraded.
    const degraded = await until(
      () => inputOf(input),
      (answer) => answer.feeds.degraded && answer.channel_states[0] === 'RECOVERING',
    );
    expect(degraded.feeds.degraded).toBe(true);
    await until(
      () => sources(input.id),
      (list) => list.includes('filler'),
    );

    const first = publish(input.input_url, { seconds: 4 });
    expect(await first.exited).toBe(0);
    const second = publish(input.input_url, { seconds: 4 });
    expect(await second.exited).toBe(0);
    const recorded = await until(
      () =>
        studio.database.db
          .selectFrom('live_recordings')
          .selectAll()
          .where('broadcast_id', '=', session.id)
          .executeTakeFirst(),
      (row) => Boolean(row?.video_asset_id),
      60_000,
    );
    const videos = await api.get<Page<VideoAsset>>(
      `/api/core/video_assets/?event_ids=${event.id}&source=EVENT_RECORDING`,
    );
    expect(videos.body.results.map((video) => video.id)).toEqual([recorded!.video_asset_id]);
    expect(videos.body.results[0]).toMatchObject({
      name: 'Opening keynote',
      source: 'EVENT_RECORDING',
      creation_type: 'RECORDED',
    });
    // Both publishes, no filler, in one file: about eight seconds.
    expect(videos.body.results[0]!.duration).toBeGreaterThan(6);
    const segments = await segmentsOf(input.id);
    expect(
      segments.filter((segment) => segment.broadcast_id === session.id && segment.source === 'primary')
        .length,
    ).toBeGreaterThan(4);
  }, 120_000);

  it('lets a reconnect take over a key its silent holder still has; refuses a second live publisher and a stream that is not H.264/AAC', async () => {
    const { input } = await liveEvent('Reconnect');
    const stalled = publish(input.input_url, { seconds: 60 });
    await until(
      () => sources(input.id),
      (list) => list.length >= 2,
    );
    // The key is held by a publisher that sends: another one is refused at once.
    const second = publish(input.input_url, { seconds: 3 });
    expect(await second.exited).not.toBe(0);
    expect(await second.said).toContain(rtmpInputServerMessages.streamKeyInUse);
    // The holder goes silent (its connection stays open), as an encoder whose network dropped.
    stalled.child.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const before = (await segmentsOf(input.id)).length;
    const reconnect = publish(input.input_url, { seconds: 3 });
    await until(
      () => segmentsOf(input.id),
      (list) => list.length > before,
    );
    expect(await reconnect.exited).toBe(0);
    stalled.child.kill('SIGCONT');
    expect(await stalled.exited).not.toBe(0);

    const mp3 = publish(input.input_url, {
      seconds: 3,
      codecs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-c:a', 'libmp3lame', '-ar', '44100'],
    });
    await mp3.exited;
    const refused = await until(
      () => inputOf(input),
      (answer) => answer.feeds.error !== null,
    );
    expect(refused.feeds.error).toMatch(/AAC/);
  });

  it('ends a publisher when its channel stops accepting (the event ends)', async () => {
    const event = await newEvent(api, {
      title: 'Ending',
      start: minutesFromNow(-60),
      end: new Date(Date.now() + 6_000).toISOString(),
    });
    const input = (await api.post<RtmpInput>('/api/event/rtmp_inputs/', { event: event.id, name: 'Stage' }))
      .body;
    const publisher = publish(input.input_url, { seconds: 30 });
    expect(await publisher.exited).not.toBe(0);
    expect((await inputOf(input)).channel_states).toEqual(['DELETED']);
  });

  it('refuses a publish to an archived channel (its event has ended)', async () => {
    const event = await newEvent(api, {
      title: 'Over',
      start: minutesFromNow(-120),
      end: minutesFromNow(-60),
    });
    const input = (await api.post<RtmpInput>('/api/event/rtmp_inputs/', { event: event.id, name: 'Stage' }))
      .body;
    expect(input.channel_states).toEqual(['DELETED']);
    expect(await publish(input.input_url, { seconds: 2 }).exited).not.toBe(0);
    expect(await segmentsOf(input.id)).toEqual([]);
  });
});
