import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { VideoAsset } from '@studio/domain';
import { inspectMedia, mediaBinaries, probeMedia, runMediaTool } from '@studio/media';
import { madeBeforeAll } from '../../../test/file-studio.ts';
import { bearer } from '../../../test/harness.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { startLocalS3 } from '../../platform/storage/s3rver.fixtures.ts';
import { localMediaRoot } from '../../platform/storage/storage.ts';
import {
  assetFromFile,
  clip,
  createMediaStudio,
  fileMediaStudio,
  newVideoAsset,
  startPipelineRunner,
  storageOf,
  transcode,
  waitForStatus,
  type ClipName,
} from './video-library.fixtures.ts';
import { createInstantPlayback } from './instant-playback.ts';
import { createTranscodePipeline } from './pipeline.ts';
import { workRootOf } from './video-library.module.ts';
import { createVideoLibraryRepository } from './video-library.repository.ts';

const studio = fileMediaStudio();
const admin = madeBeforeAll(() => newAdmin(studio));

const m = {
  low: 'Low resolution. Use 720p or higher for the best quality.',
  noAudio: 'No audio stream detected.',
  twoAudio: 'Multiple audio streams detected. Only the first one is played.',
  audioOnly: 'Audio files cannot be played directly in events. You can use .mp4 format for event playback.',
  corrupt: 'The file may be corrupted. Parts of the video may not play.',
  notMp4: 'Use MP4 for the best compatibility.',
  notH264: 'Use H.264 or H.265 video for the best compatibility.',
  undecodable: "This video can't be played. We could not process your video.",
};

async function processed(name: ClipName) {
  const id = await assetFromFile(studio, admin, await clip(name));
  await transcode(studio, admin.access, id);
  return waitForStatus(studio, admin.access, id);
}

/** The stored file behind one of the asset's URLs (local store). */
const fileOf = (url: string) =>
  path.join(
    localMediaRoot(studio.dataDir),
    decodeURIComponent(new URL(url, studio.publicUrl).pathname.replace('/api/media/', '')),
  );

const probeFile = (file: string) => probeMedia(file);
const run = promisify(execFile);

const pipelineOf = async (id: string) =>
  (
    await studio.database.db
      .selectFrom('video_assets')
      .select('pipeline')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).pipeline;

describe('media pipeline', () => {
  it('plays H.264/AAC at once, then completes with a stored copy, a faststart mp4, a thumbnail and the duration', async () => {
    const asset = await processed('h264-aac.mp4');
    expect(asset).toMatchObject({
      transcode_status: 'COMPLETE',
      status: 'COMPLETE',
      transcoder_errors: [],
      transcoder_warnings: [m.low],
    });
    expect(await pipelineOf(asset.id)).toMatchObject({ firstPlayable: { kind: 'instant' } });
    expect(asset.duration).toBeCloseTo(2, 1);
    const master = await readFile(fileOf(asset.urls.hls!), 'utf8');
    expect(master).toContain('#EXT-X-STREAM-INF');
    // The copy of the source is the only rung (nothing is encoded below 180 lines).
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
    const mp4 = await readFile(fileOf(asset.urls.mp4!));
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    // Faststart: the index (moov) comes before the media data (mdat).
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    const facts = await probeFile(fileOf(asset.urls.mp4!));
    expect(facts.streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    const thumbnail = await readFile(fileOf(asset.urls.thumbnail!));
    expect([thumbnail[0], thumbnail[1]]).toEqual([0xff, 0xd8]);
  });

  it('encodes a fast low rendition first for a codec browsers cannot play, and builds the mp4 from the ladder', async () => {
    const asset = await processed('mpeg4.mp4');
    expect(asset.transcode_status).toBe('COMPLETE');
    expect(asset.transcoder_warnings).toEqual([m.low, m.notH264]);
    expect(await pipelineOf(asset.id)).toMatchObject({ firstPlayable: { kind: 'low-rendition' } });
    const facts = await probeFile(fileOf(asset.urls.mp4!));
    expect(facts.streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    const variant = (await readFile(fileOf(asset.urls.hls!), 'utf8'))
      .split('\n')
      .find((line) => line.endsWith('.m3u8'))!;
    const variantFile = path.join(path.dirname(fileOf(asset.urls.hls!)), variant);
    expect(
      (await inspectMedia(path.join(path.dirname(variantFile), 'segment-00000.ts'))).facts?.streams[0]?.codec,
    ).toBe('h264');
  });

  it('does not play an mp4 with H.264 and MP3 as it is: a low rendition comes first', async () => {
    const file = path.join(path.dirname(await clip('h264-aac.mp4')), 'h264-mp3.mp4');
    await runMediaTool('ffmpeg', [
      ...[
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x180:rate=25:duration=2',
        '-f',
        'lavfi',
        '-i',
        'sine=duration=2',
      ],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'libmp3lame',
        '-movflags',
        '+faststart',
        file,
      ],
    ]);
    const id = await assetFromFile(studio, admin, file);
    await transcode(studio, admin.access, id);
    const asset = await waitForStatus(studio, admin.access, id);
    expect(asset.transcode_status).toBe('COMPLETE');
    expect(await pipelineOf(id)).toMatchObject({ firstPlayable: { kind: 'low-rendition' } });
    const keys = (await storageOf(studio).list(`videos/${id}/`)).map((object) =>
      object.key.split('/')[2]!.replace(/-.*/, ''),
    );
    expect([...new Set(keys)].sort()).toEqual(['ladder', 'low', 'mp4', 'thumb']);
    // Nothing is left in the scratch space (the last job clears its own after COMPLETE is recorded).
    const scratch = async () =>
      (await readdir(workRootOf(studio.dataDir)).catch(() => [])).filter((entry) => entry.startsWith(id));
    await expect.poll(scratch, { timeout: 10_000 }).toEqual([]);
    const variant = (await readFile(fileOf(asset.urls.hls!), 'utf8'))
      .split('\n')
      .find((line) => line.endsWith('.m3u8'))!;
    const segment = path.join(
      path.dirname(path.join(path.dirname(fileOf(asset.urls.hls!)), variant)),
      'segment-00000.ts',
    );
    expect((await probeFile(segment)).streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
  });

  it('encodes the lower rungs of the ladder and keeps the source as the top rung', async () => {
    const asset = await processed('hd-720p.mp4');
    expect(asset.transcode_status).toBe('COMPLETE');
    const master = await readFile(fileOf(asset.urls.hls!), 'utf8');
    expect(master).toMatch(/RESOLUTION=640x360[\s\S]*RESOLUTION=1280x720/);
    // The stored copy of the source, beside the encoded rungs.
    expect(master).toMatch(/^top\/source\/index\.m3u8$/m);
  });

  it.each([
    ['no-audio.mp4', 'COMPLETE', [m.low, m.noAudio], []],
    ['two-audio.mp4', 'COMPLETE', [m.twoAudio, m.low], []],
    ['audio-only.mp4', 'COMPLETE', [m.audioOnly], []],
    ['truncated.mp4', 'COMPLETE', [m.low, m.corrupt], []],
    ['matroska.mkv', 'COMPLETE', [m.low, m.notMp4], []],
    ['hostile.m3u8', 'ERROR', [], [m.undecodable]],
  ] as const)('derives the warnings of %s from its streams', async (name, status, warnings, errors) => {
    const asset = await processed(name);
    expect(asset.transcode_status).toBe(status);
    expect(asset.transcoder_warnings).toEqual(warnings);
    expect(asset.transcoder_errors).toEqual(errors);
    if (name === 'audio-only.mp4') {
      expect(asset.urls).toMatchObject({ hls: null, thumbnail: null });
      expect(asset.urls.mp4).not.toBeNull();
    }
    if (name === 'hostile.m3u8') {
      // Refused at the probe: nothing was produced from it.
      expect(asset.urls).toEqual({ hls: null, mp4: null, thumbnail: null });
      expect(await storageOf(studio).list(`videos/${asset.id}/`)).toEqual([]);
    }
  });

  it('reads the duration from the streams when the movie header says its timescale is 0, and does not play it as it is', async () => {
    const whole = await readFile(await clip('h264-aac.mp4'));
    const mvhd = whole.indexOf('mvhd', 0, 'latin1');
    whole.writeUInt32BE(0, mvhd + 4 + (whole[mvhd + 4] === 1 ? 20 : 12));
    const file = path.join(path.dirname(await clip('h264-aac.mp4')), 'zero-timescale.mp4');
    await writeFile(file, whole);
    const id = await assetFromFile(studio, admin, file);
    await transcode(studio, admin.access, id);
    const asset = await waitForStatus(studio, admin.access, id);
    expect(asset).toMatchObject({ transcode_status: 'COMPLETE', transcoder_warnings: [m.low, m.corrupt] });
    // ffprobe alone says 2000 s.
    expect(asset.duration).toBeCloseTo(2, 0);
    expect(await pipelineOf(id)).toMatchObject({ firstPlayable: { kind: 'remux' } });
  });

  it('ends in ERROR with the reason when the file holds no video stream nor audio, and may be tried again', async () => {
    const asset = await processed('hostile.m3u8');
    const row = await studio.database.db
      .selectFrom('video_assets')
      .select('error_reason')
      .where('id', '=', asset.id)
      .executeTakeFirstOrThrow();
    expect(row.error_reason).toBeTruthy();
    // A video in ERROR may be transcoded again: the pipeline starts over and ends the same way.
    await transcode(studio, admin.access, asset.id);
    const again = await waitForStatus(studio, admin.access, asset.id);
    expect(again).toMatchObject({ transcode_status: 'ERROR', transcoder_errors: [m.undecodable] });
  });
});

describe('the step loop', () => {
  it('resumes a run stopped between the probe and its refusal: ERROR, without probing again', async () => {
    const id = await assetFromFile(studio, admin, await clip('hostile.m3u8'));
    await studio.database.db
      .updateTable('video_assets')
      .set({
        transcode_status: 'PROGRESSING',
        pipeline: JSON.stringify({ probe: { facts: null, codes: ['UNDECODABLE'], reason: 'refused' } }),
      })
      .where('id', '=', id)
      .execute();
    const storage = storageOf(studio);
    const steps: string[] = [];
    const pipeline = createTranscodePipeline({
      assets: createVideoLibraryRepository(studio.database.db),
      storage,
      instant: createInstantPlayback(storage),
      realtime: { publish: async () => {} },
      workRoot: workRootOf(studio.dataDir),
      beforeStep: (step) => Promise.resolve(void steps.push(step)),
    });
    const job = { jobId: 'test', retryCount: 1, lastTry: false, signal: new AbortController().signal };
    expect(await pipeline.run(id, job)).toBe('done');
    expect(steps).toEqual([]);
    const row = await studio.database.db
      .selectFrom('video_assets')
      .select(['transcode_status', 'transcoder_errors', 'error_reason', 'hls_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ transcode_status: 'ERROR', error_reason: 'refused', hls_key: null });
    expect(row.transcoder_errors).toEqual(['UNDECODABLE']);
  });
});

describe('instant playback', () => {
  it('plays a browser-ready mp4 before the probe has answered: segments cut from the upload, guarded like stored media', async () => {
    const apiOnly = await createMediaStudio({ role: 'api' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reachedProbe!: () => void;
    const reached = new Promise<void>((resolve) => (reachedProbe = resolve));
    const runner = await startPipelineRunner(apiOnly, async (step) => {
      if (step !== 'probe') return;
      reachedProbe();
      await held;
    });
    const directory = await mkdtemp(path.join(tmpdir(), 'instant-set-'));
    try {
      const owner = await newAdmin(apiOnly);
      const id = await assetFromFile(apiOnly, owner, await clip('hd-720p.mp4'));
      await transcode(apiOnly, owner.access, id);
      await reached;
      const asset = (
        await apiOnly.app.inject({
          method: 'GET',
          url: `/api/core/video_assets/${id}/`,
          headers: bearer(owner.access),
        })
      ).json<VideoAsset>();
      expect(asset).toMatchObject({ transcode_status: 'PROCESSING_HD', transcoder_warnings: [] });
      expect(asset.urls.hls).toContain('/instant-');

      // Fetch the whole set over HTTP as a player would, then play it from disk.
      const fetchMedia = (url: string) =>
        apiOnly.app.inject({ method: 'GET', url: url.replace('http://studio.test', '') });
      const save = async (url: string, name: string) => {
        const response = await fetchMedia(url);
        expect(response.statusCode, name).toBe(200);
        await mkdir(path.dirname(path.join(directory, name)), { recursive: true });
        await writeFile(path.join(directory, name), response.rawPayload);
        return response;
      };
      const master = await save(asset.urls.hls!, 'master.m3u8');
      const variantName = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
      const variantUrl = new URL(variantName, new URL(asset.urls.hls!, apiOnly.publicUrl)).toString();
      const variant = await save(variantUrl, variantName);
      const segments = variant.body.split('\n').filter((line) => line.endsWith('.m4s'));
      expect(segments.length).toBeGreaterThan(0);
      for (const name of ['init.mp4', ...segments]) {
        const response = await save(
          new URL(name, variantUrl).toString(),
          path.join(path.dirname(variantName), name),
        );
        expect(response.headers['content-type'], name).toBe(
          name.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4',
        );
      }
      // A player's view (ffprobe follows the playlists; the studio's own probe refuses playlists).
      const { stdout } = await run(mediaBinaries().ffprobe, [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name:format=duration',
        '-of',
        'json',
        path.join(directory, 'master.m3u8'),
      ]);
      const played = JSON.parse(stdout) as {
        streams: { codec_name: string }[];
        format: { duration: string };
      };
      expect(played.streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
      expect(Number(played.format.duration)).toBeCloseTo(2, 0);
      const firstSegment = new URL(segments[0]!, variantUrl).toString();
      const ranged = await apiOnly.app.inject({
        method: 'GET',
        url: firstSegment.replace('http://studio.test', ''),
        headers: { range: 'bytes=4-7' },
      });
      expect([ranged.statusCode, ranged.body]).toEqual([206, 'moof']);
      expect((await fetchMedia(new URL('segment-99999.m4s', variantUrl).toString())).statusCode).toBe(404);

      await apiOnly.database.db
        .updateTable('organizations')
        .set({ hls_guard_enabled: true })
        .where('id', '=', owner.organization.id)
        .execute();
      const guarded = (
        await apiOnly.app.inject({
          method: 'GET',
          url: `/api/core/video_assets/${id}/`,
          headers: bearer(owner.access),
        })
      ).json<VideoAsset>();
      const query = new URL(guarded.urls.hls!, apiOnly.publicUrl).search;
      expect((await fetchMedia(firstSegment)).statusCode).toBe(403);
      expect((await fetchMedia(`${firstSegment}${query}`)).statusCode).toBe(200);
    } finally {
      release();
      await runner.stop();
      await apiOnly.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('on an S3-compatible store', () => {
  it('uploads, transcodes and serves the video from the bucket', async () => {
    const s3 = await startLocalS3();
    const bucketStudio = await createMediaStudio({ s3: s3.settings });
    try {
      const owner = await newAdmin(bucketStudio);
      const asset = await newVideoAsset(bucketStudio, owner, await clip('mpeg4.mp4'));
      await transcode(bucketStudio, owner.access, asset.id);
      const done = await waitForStatus(bucketStudio, owner.access, asset.id);
      expect(done.transcode_status).toBe('COMPLETE');
      const keys = (await storageOf(bucketStudio, s3.settings).list(`videos/${asset.id}/`)).map(
        (object) => object.key,
      );
      expect(keys.some((key) => key.endsWith('master.m3u8'))).toBe(true);
      const master = await bucketStudio.app.inject({
        method: 'GET',
        url: new URL(done.urls.hls!, bucketStudio.publicUrl).pathname,
      });
      expect(master.statusCode).toBe(200);
      expect(master.body).toContain('#EXT-X-STREAM-INF');
      const mp4 = await bucketStudio.app.inject({
        method: 'GET',
        url: new URL(done.urls.mp4!, bucketStudio.publicUrl).pathname,
        headers: { range: 'bytes=4-7' },
      });
      expect(mp4.statusCode).toBe(206);
      expect(mp4.body).toBe('ftyp');
      // A browser-ready upload plays at once from the bucket too: its instant segments are cut by ranged reads.
      const instant = await newVideoAsset(bucketStudio, owner, await clip('h264-aac.mp4'));
      await transcode(bucketStudio, owner.access, instant.id);
      expect((await waitForStatus(bucketStudio, owner.access, instant.id)).transcode_status).toBe('COMPLETE');
      const row = await bucketStudio.database.db
        .selectFrom('video_assets')
        .select('pipeline')
        .where('id', '=', instant.id)
        .executeTakeFirstOrThrow();
      const prefix = (row.pipeline as { firstPlayable: { kind: string; prefix: string } }).firstPlayable;
      expect(prefix.kind).toBe('instant');
      for (const [name, box] of [
        ['init.mp4', 'ftyp'],
        ['segment-00000.m4s', 'moof'],
      ]) {
        const segment = await bucketStudio.app.inject({
          method: 'GET',
          url: `/api/media/${prefix.prefix}source/${name}`,
        });
        expect(segment.statusCode, name).toBe(200);
        expect(segment.rawPayload.toString('latin1', 4, 8)).toBe(box);
      }
    } finally {
      await bucketStudio.close();
      await s3.stop();
    }
  });
});

describe('a job interrupted mid-transcode', () => {
  it('finishes once after restart: no duplicate renditions, nothing half-written left', async () => {
    const apiOnly = await createMediaStudio({ role: 'api' });
    try {
      const owner = await newAdmin(apiOnly);
      const steps: string[] = [];
      let reachedLadder!: () => void;
      const reached = new Promise<void>((resolve) => (reachedLadder = resolve));
      const first = await startPipelineRunner(apiOnly, async (step, assetId, signal) => {
        steps.push(`first:${step}`);
        if (step !== 'ladder') return;
        // A rendition half stored when the worker dies, as a long encode's upload would leave it.
        await storageOf(apiOnly).put(`videos/${assetId}/ladder-crashed/segment-00000.m4s`, 'half');
        reachedLadder();
        // Stay in the ladder step (as a long encode would) until the worker dies.
        await new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        );
      });
      const id = await assetFromFile(apiOnly, owner, await clip('hd-720p.mp4'));
      await transcode(apiOnly, owner.access, id);
      await reached;
      const midway = await apiOnly.app.inject({
        method: 'GET',
        url: `/api/core/video_assets/${id}/`,
        headers: bearer(owner.access),
      });
      expect(midway.json<VideoAsset>()).toMatchObject({
        transcode_status: 'PROCESSING_HD',
        status: 'PROCESSING_HD',
      });
      expect(midway.json<VideoAsset>().urls.hls).toContain('/instant-');
      await first.abandon();
      /** Leases the dead worker held, or any on the pipeline's own queues (not the transcription it queues next). */
      const leftovers = () =>
        apiOnly.database.db
          .selectFrom('job_leases')
          .select(['queue', 'worker_id'])
          .where((eb) =>
            eb.or([
              eb('worker_id', '=', first.workerId),
              eb('queue', 'in', ['video-assets.transcode', 'video-assets.ladder']),
            ]),
          )
          .execute();
      expect(await leftovers()).toEqual([{ queue: 'video-assets.ladder', worker_id: first.workerId }]);
      const crashed = () => storageOf(apiOnly).list(`videos/${id}/ladder-crashed/`);
      expect(await crashed()).toHaveLength(1);

      const second = await startPipelineRunner(apiOnly, (step) => {
        steps.push(`second:${step}`);
        return Promise.resolve();
      });
      try {
        const done = await waitForStatus(apiOnly, owner.access, id);
        expect(done.transcode_status).toBe('COMPLETE');
        // The asset reads COMPLETE a moment before the job clears what the crash left and ends.
        await second.idle(['video-assets.transcode', 'video-assets.ladder']);
        expect(steps).toEqual([
          'first:firstPlayable',
          'first:probe',
          'first:thumbnail',
          'first:ladder',
          'second:ladder',
          'second:mp4',
        ]);
        const keys = (await storageOf(apiOnly).list(`videos/${id}/`)).map((object) =>
          object.key.split('/')[2]!.replace(/-.*/, ''),
        );
        expect([...new Set(keys)].sort()).toEqual(['instant', 'ladder', 'mp4', 'thumb']);
        const prefixes = new Set(
          (await storageOf(apiOnly).list(`videos/${id}/`)).map((object) => object.key.split('/')[2]),
        );
        expect(prefixes.size).toBe(4);
        expect(await crashed()).toEqual([]);
        expect(await leftovers()).toEqual([]);
      } finally {
        await second.stop();
      }
    } finally {
      await apiOnly.close();
    }
  });
});
