import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoAsset } from '@studio/domain';
import { inspectMedia, looksLikeH264AacMp4, probeMedia, runMediaTool } from '@studio/media';
import { bearer } from '../../../test/harness.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { startLocalS3 } from '../../platform/storage/s3rver.testing.ts';
import { localMediaRoot } from '../../platform/storage/storage.ts';
import {
  assetFromFile,
  clip,
  createMediaStudio,
  newVideoAsset,
  removeClips,
  startPipelineRunner,
  storageOf,
  transcode,
  waitForStatus,
  type ClipName,
  type MediaStudio,
} from './video-library.testing.ts';
import { workRootOf } from './video-library.module.ts';

let studio: MediaStudio;
let admin: Awaited<ReturnType<typeof newAdmin>>;
beforeAll(async () => {
  studio = await createMediaStudio();
  admin = await newAdmin(studio);
});
afterAll(async () => {
  await studio.close();
  await removeClips();
});

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
const fileOf = (url: string) => path.join(localMediaRoot(studio.dataDir), decodeURIComponent(new URL(url).pathname.replace('/api/media/', '')));

const probeFile = (file: string) => probeMedia(file);

describe('media pipeline', () => {
  it('remuxes H.264/AAC for playback, then completes with a faststart mp4, a thumbnail and the duration', async () => {
    const asset = await processed('h264-aac.mp4');
    expect(asset).toMatchObject({ transcode_status: 'COMPLETE', status: 'COMPLETE', transcoder_errors: [], transcoder_warnings: [m.low] });
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
    const pipeline = (await studio.database.db.selectFrom('video_assets').select('pipeline').where('id', '=', asset.id).executeTakeFirstOrThrow()).pipeline;
    expect(pipeline.firstPlayable).toMatchObject({ kind: 'low-rendition' });
    const facts = await probeFile(fileOf(asset.urls.mp4!));
    expect(facts.streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    const variant = (await readFile(fileOf(asset.urls.hls!), 'utf8')).split('\n').find((line) => line.endsWith('.m3u8'))!;
    const variantFile = path.join(path.dirname(fileOf(asset.urls.hls!)), variant);
    expect((await inspectMedia(path.join(path.dirname(variantFile), 'segment-00000.ts'))).facts?.streams[0]?.codec).toBe('h264');
  });

  it('throws away the remux started before the probe when the probe finds the file is not browser-ready', async () => {
    // H.264 with MP3 in an mp4: it looks like H.264/AAC from its bytes (MP3 is an `mp4a` entry too), so it is remuxed early.
    const file = path.join(path.dirname(await clip('h264-aac.mp4')), 'h264-mp3.mp4');
    await runMediaTool('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'libmp3lame', '-movflags', '+faststart', file],
    ]);
    expect(await looksLikeH264AacMp4(file)).toBe(true);
    const id = await assetFromFile(studio, admin, file);
    await transcode(studio, admin.access, id);
    const asset = await waitForStatus(studio, admin.access, id);
    expect(asset.transcode_status).toBe('COMPLETE');
    const pipeline = (await studio.database.db.selectFrom('video_assets').select('pipeline').where('id', '=', id).executeTakeFirstOrThrow()).pipeline;
    expect(pipeline.firstPlayable).toMatchObject({ kind: 'low-rendition' });
    const keys = (await storageOf(studio).list(`videos/${id}/`)).map((object) => object.key.split('/')[2]!.replace(/-.*/, ''));
    expect([...new Set(keys)].sort()).toEqual(['ladder', 'low', 'mp4', 'thumb']);
    // Nothing of the early run is left in the scratch space either (the last job clears its own after COMPLETE is recorded).
    const scratch = async () => (await readdir(workRootOf(studio.dataDir)).catch(() => [])).filter((entry) => entry.startsWith(id));
    await expect.poll(scratch, { timeout: 10_000 }).toEqual([]);
    const variant = (await readFile(fileOf(asset.urls.hls!), 'utf8')).split('\n').find((line) => line.endsWith('.m3u8'))!;
    const segment = path.join(path.dirname(path.join(path.dirname(fileOf(asset.urls.hls!)), variant)), 'segment-00000.ts');
    expect((await probeFile(segment)).streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
  });

  it('encodes the lower rungs of the ladder and keeps the source as the top rung', async () => {
    const asset = await processed('hd-720p.mp4');
    expect(asset.transcode_status).toBe('COMPLETE');
    const master = await readFile(fileOf(asset.urls.hls!), 'utf8');
    expect(master).toMatch(/RESOLUTION=640x360[\s\S]*RESOLUTION=1280x720/);
    expect(master).toMatch(/\.\.\/remux-[a-z0-9]+\/source\/index\.m3u8/);
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

  it('ends in ERROR with the reason when the file holds no video stream nor audio, and may be tried again', async () => {
    const asset = await processed('hostile.m3u8');
    const row = await studio.database.db.selectFrom('video_assets').select('error_reason').where('id', '=', asset.id).executeTakeFirstOrThrow();
    expect(row.error_reason).toBeTruthy();
    // A video in ERROR may be transcoded again: the pipeline starts over and ends the same way.
    await transcode(studio, admin.access, asset.id);
    const again = await waitForStatus(studio, admin.access, asset.id);
    expect(again).toMatchObject({ transcode_status: 'ERROR', transcoder_errors: [m.undecodable] });
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
      const keys = (await storageOf(bucketStudio, s3.settings).list(`videos/${asset.id}/`)).map((object) => object.key);
      expect(keys.some((key) => key.endsWith('master.m3u8'))).toBe(true);
      const master = await bucketStudio.app.inject({ method: 'GET', url: new URL(done.urls.hls!).pathname });
      expect(master.statusCode).toBe(200);
      expect(master.body).toContain('#EXT-X-STREAM-INF');
      const mp4 = await bucketStudio.app.inject({ method: 'GET', url: new URL(done.urls.mp4!).pathname, headers: { range: 'bytes=4-7' } });
      expect(mp4.statusCode).toBe(206);
      expect(mp4.body).toBe('ftyp');
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
      const first = await startPipelineRunner(apiOnly, async (step, _assetId, signal) => {
        steps.push(`first:${step}`);
        if (step !== 'ladder') return;
        reachedLadder();
        // Stay in the ladder step (as a long encode would) until the worker dies.
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      });
      const id = await assetFromFile(apiOnly, owner, await clip('hd-720p.mp4'));
      await transcode(apiOnly, owner.access, id);
      await reached;
      const midway = await apiOnly.app.inject({ method: 'GET', url: `/api/core/video_assets/${id}/`, headers: bearer(owner.access) });
      expect(midway.json<VideoAsset>()).toMatchObject({ transcode_status: 'PROCESSING_HD', status: 'PROCESSING_HD' });
      expect(midway.json<VideoAsset>().urls.hls).toContain('/remux-');
      await first.abandon();

      const second = await startPipelineRunner(apiOnly, (step) => {
        steps.push(`second:${step}`);
        return Promise.resolve();
      });
      try {
        const done = await waitForStatus(apiOnly, owner.access, id);
        expect(done.transcode_status).toBe('COMPLETE');
        expect(steps).toEqual(['first:probe', 'first:firstPlayable', 'first:thumbnail', 'first:ladder', 'second:ladder', 'second:mp4']);
        const keys = (await storageOf(apiOnly).list(`videos/${id}/`)).map((object) => object.key.split('/')[2]!.replace(/-.*/, ''));
        expect([...new Set(keys)].sort()).toEqual(['ladder', 'mp4', 'remux', 'thumb']);
        const prefixes = new Set((await storageOf(apiOnly).list(`videos/${id}/`)).map((object) => object.key.split('/')[2]));
        expect(prefixes.size).toBe(4);
        const leftovers = await studio.database.db.selectFrom('job_leases').selectAll().execute();
        expect(leftovers).toEqual([]);
      } finally {
        await second.stop();
      }
    } finally {
      await apiOnly.close();
    }
  });
});
