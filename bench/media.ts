// Media pipeline benchmark: time to first playable and to COMPLETE, as ratios (ARCHITECTURE §5).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mediaBinaries, runMediaTool } from '@studio/media';
import { streamCodecNames } from '@studio/media/testing';
import { bearer } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import {
  createMediaStudio,
  newVideoAsset,
  transcode,
  waitForStatus,
} from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { freePort, ratio, timed, until } from './bench-util.ts';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 60);

/** BENCH_CLIP_DIR: keep the generated clips there and reuse them on later runs (same recipe, same length). */
const CLIP_DIR = process.env.BENCH_CLIP_DIR;

/** 1080p30 with moving detail and film-like noise, so encoders work as on real footage. */
async function makeClip(dir: string, name: string, codec: string[]): Promise<string> {
  const file = CLIP_DIR
    ? path.join(CLIP_DIR, `${path.basename(name, '.mp4')}-${SECONDS}s.mp4`)
    : path.join(dir, name);
  if (
    CLIP_DIR &&
    (await stat(file).then(
      (info) => info.size > 0,
      () => false,
    ))
  )
    return file;
  if (CLIP_DIR) await mkdir(CLIP_DIR, { recursive: true });
  const partial = `${file}.partial.mp4`;
  await runMediaTool('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS},noise=alls=6:allf=t`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...codec,
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', partial],
  ]);
  await rename(partial, file);
  return file;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** ffprobe opens the asset's master playlist URL, as a player would, and finds an H.264 stream in it. */
async function masterPlays(hlsUrl: string | null): Promise<boolean> {
  if (!hlsUrl) return false;
  const codecs = await streamCodecNames(hlsUrl).catch((): string[] => []);
  return codecs.includes('h264');
}

/** The first URI line of a playlist (a variant of a master, a segment of a variant), resolved against it. */
function firstUri(playlist: string, playlistUrl: string): string {
  const line = playlist.split('\n').find((text) => text.trim() !== '' && !text.startsWith('#'));
  if (!line) throw new Error(`No URI in ${playlistUrl}`);
  return new URL(line.trim(), playlistUrl).href;
}

async function fetched(url: string): Promise<string> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.text();
}

/**
 * What a player does first with the API's answer: the master playlist, its first variant, that
 * variant's init section (fMP4) if any, and its first segment, each fetched whole over HTTP.
 */
async function playerStarts(hlsUrl: string): Promise<void> {
  const variantUrl = firstUri(await fetched(hlsUrl), hlsUrl);
  const variant = await fetched(variantUrl);
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(variant)?.[1];
  await Promise.all([
    ...(init ? [fetched(new URL(init, variantUrl).href)] : []),
    fetched(firstUri(variant, variantUrl)),
  ]);
}

/** A plain stream-copy remux of the file to HLS by ffmpeg, the baseline of a remuxing pipeline. */
async function plainCopyRemuxMs(file: string, dir: string): Promise<number> {
  const out = path.join(dir, 'plain-hls');
  await mkdir(out, { recursive: true });
  const ms = await timed(() =>
    run(mediaBinaries().ffmpeg, [
      ...['-nostdin', '-v', 'error', '-y', '-i', file, '-c', 'copy'],
      ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', path.join(out, 'index.m3u8')],
    ]),
  );
  await rm(out, { recursive: true, force: true });
  return ms;
}

export async function benchMedia(): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-media-'));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const studio = await createMediaStudio({ publicUrl });
  await studio.app.listen({ port, host: '127.0.0.1' });
  try {
    const remuxable = await makeClip(dir, 'h264.mp4', [
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      '6M',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '60',
    ]);
    const reencode = await makeClip(dir, 'mpeg4.mp4', ['-c:v', 'mpeg4', '-q:v', '4', '-g', '60']);
    const admin = await newAdmin(studio);
    // Warm-up, untimed: the remuxable clip once through the whole path, so the figures are a
    // running studio's (code compiled, queues, pools and the process launcher open), not a cold
    // process's first request.
    const warmUp = await newVideoAsset(studio, admin, remuxable);
    await transcode(studio, admin.access, warmUp.id);
    await waitForStatus(studio, admin.access, warmUp.id);
    const lines = [
      `Media pipeline on ${SECONDS} s 1080p30 clips (${os.availableParallelism()} cores, load average ${loadAverage()} at start):`,
    ];
    for (const [label, file] of [
      ['H.264/AAC (remux first)', remuxable],
      ['MPEG-4 part 2 (encode first)', reencode],
    ] as const) {
      const size = (await stat(file)).size;
      const copy = path.join(dir, 'copy.bin');
      // The plain copy of the same file, warm cache as the pipeline gets it.
      await readFile(file);
      const cpMs = await timed(() => run('cp', [file, copy]));
      await rm(copy);
      const asset = await newVideoAsset(studio, admin, file);
      const view = async () =>
        (
          await studio.app.inject({
            method: 'GET',
            url: `/api/core/video_assets/${asset.id}/`,
            headers: bearer(admin.access),
          })
        ).json<{ transcode_status: string; urls: { hls: string | null } }>();
      const row = () =>
        studio.database.db
          .selectFrom('video_assets')
          .select(['transcode_status', 'hls_key'])
          .where('id', '=', asset.id)
          .executeTakeFirstOrThrow();
      const plainRemuxMs = await plainCopyRemuxMs(file, dir);
      const started = performance.now();
      await transcode(studio, admin.access, asset.id);
      await until(async () => (await row()).hls_key !== null);
      const firstPlayableMs = performance.now() - started;
      // The published master plays at that moment: ffprobe opens it over HTTP and reads its streams.
      const playsFirst = await masterPlays((await view()).urls.hls);
      await until(async () => ['COMPLETE', 'ERROR'].includes((await row()).transcode_status ?? ''), 20);
      const completeMs = performance.now() - started;
      const done = await view();
      // The same moment as a client holding only the API sees it (a fresh asset, the first one's
      // ladder done): its answer names an HLS URL, and a player has fetched the master, a variant
      // and the first segment (init included).
      const playerAsset = await newVideoAsset(studio, admin, file);
      const playerStarted = performance.now();
      await transcode(studio, admin.access, playerAsset.id);
      let hlsUrl: string | null = null;
      await until(async () => {
        const answer = await fetch(`${publicUrl}/api/core/video_assets/${playerAsset.id}/`, {
          headers: bearer(admin.access),
        });
        hlsUrl = ((await answer.json()) as { urls: { hls: string | null } }).urls.hls;
        return hlsUrl !== null;
      });
      await playerStarts(hlsUrl!);
      const playerMs = performance.now() - playerStarted;
      // And the final master (the whole ladder) plays too.
      const plays = playsFirst && (await masterPlays(done.urls.hls));
      lines.push(
        `  ${label}: ${(size / 1e6).toFixed(0)} MB, ${done.transcode_status}${plays ? ', first and final master playlists play' : ', A MASTER PLAYLIST DOES NOT PLAY'}`,
        `    first playable ÷ cp of the file: ${ratio(firstPlayableMs / cpMs)}  (${firstPlayableMs.toFixed(0)} ms vs ${cpMs.toFixed(0)} ms; goal ≤ 1.5 for remux)`,
        `    first playable ÷ duration:       ${ratio(firstPlayableMs / (SECONDS * 1000))}  (goal ≤ 0.25 when encoding)`,
        `    player started through the API ÷ cp: ${ratio(playerMs / cpMs)}, ÷ plain ffmpeg -c copy -f hls: ${ratio(playerMs / plainRemuxMs)}  (${playerMs.toFixed(0)} ms vs ${cpMs.toFixed(0)} ms and ${plainRemuxMs.toFixed(0)} ms, same minute; goal ≤ 1.0 ÷ plain remux)`,
        `    COMPLETE ÷ duration:             ${ratio(completeMs / (SECONDS * 1000))}  (goal ≤ 0.6 remux, ≤ 1.0 otherwise; commercial studios up to 4×)`,
      );
    }
    lines.push(
      `  load average at the end: ${loadAverage()} (anything near or above the core count inflates every figure)`,
    );
    return lines;
  } finally {
    await studio.close();
    await rm(dir, { recursive: true, force: true });
  }
}
