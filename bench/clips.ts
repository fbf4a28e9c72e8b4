// Clips: a 30 s clip from a long recording, made through the API until it plays, ÷ a plain ffmpeg stream copy of the same range.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Clip } from '@studio/domain';
import { runMediaTool } from '@studio/media';
import { bearer } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import {
  createMediaStudio,
  storageOf,
} from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { ratio, timed, until } from './bench-util.ts';

const CLIP_START = 60;
const CLIP_SECONDS = 30;

/** A recording as the live area leaves it: 720p25 H.264 (keyframe every 2 s) with AAC, faststart. */
async function makeRecording(file: string, seconds: number): Promise<void> {
  await runMediaTool('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', file],
  ]);
}

export async function benchClips(): Promise<string[]> {
  const seconds = Number(process.env.BENCH_CLIP_RECORDING_SECONDS ?? 300);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-clips-'));
  const studio = await createMediaStudio();
  try {
    const admin = await newAdmin(studio);
    // Content Lab is the organisation's switch (Settings › Organization).
    await studio.app.inject({
      method: 'PATCH',
      url: `/api/core/organization/${admin.organization.id}/`,
      headers: bearer(admin.access),
      payload: { content_lab_enabled: true },
    });
    const recording = path.join(dir, 'recording.mp4');
    await makeRecording(recording, seconds);
    // The recording as processed (its mp4 is the pipeline's output for a browser-ready file: a copy).
    const mp4Key = `videos/bench-recording/${path.basename(recording)}`;
    await storageOf(studio).putFile(mp4Key, recording);
    const { id } = await studio.database.db
      .insertInto('video_assets')
      .values({
        organization_id: admin.organization.id,
        name: 'Long recording',
        source: 'EVENT_RECORDING',
        creation_type: 'RECORDED',
        transcode_status: 'COMPLETE',
        duration: seconds,
        mp4_key: mp4Key,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const clipOf = async (clipId: string) =>
      (
        await studio.app.inject({
          method: 'GET',
          url: `/api/content_lab/clips/${clipId}/`,
          headers: bearer(admin.access),
        })
      ).json<Clip>();
    const makeClip = async (start: number) => {
      const answer = await studio.app.inject({
        method: 'POST',
        url: '/api/content_lab/clips/',
        headers: bearer(admin.access),
        payload: { video_asset: id, start_time: start, end_time: start + CLIP_SECONDS },
      });
      return answer.json<Clip>().id;
    };
    // Once untimed: the queue, the pipeline and the media launcher warm.
    const warm = await makeClip(0);
    await until(async () => (await clipOf(warm)).status === 'COMPLETE', 20);

    let clipId = '';
    let playableMs = 0;
    const completeMs = await timed(async () => {
      const started = performance.now();
      clipId = await makeClip(CLIP_START);
      await until(async () => (await clipOf(clipId)).hls_url !== null, 20);
      playableMs = performance.now() - started;
      await until(async () => (await clipOf(clipId)).status === 'COMPLETE', 20);
    });
    const clip = await clipOf(clipId);
    const plainMs = await timed(() =>
      runMediaTool('ffmpeg', [
        ...['-nostdin', '-v', 'error', '-y', '-ss', String(CLIP_START), '-i', recording],
        ...['-t', String(CLIP_SECONDS), '-c', 'copy', path.join(dir, 'plain.mp4')],
      ]),
    );
    return [
      `Clips (${CLIP_SECONDS} s at ${CLIP_START} s of a generated ${seconds} s 720p recording, cut: ${clip.cut})`,
      `  clip playable through the API ÷ ffmpeg -ss -t ${CLIP_SECONDS} -c copy: ${ratio(playableMs / plainMs)} (goal ≤ 2 when stream copy applies; ${Math.round(playableMs)} ms vs ${Math.round(plainMs)} ms)`,
      `  clip COMPLETE (ladder, mp4, thumbnail) ÷ the same: ${ratio(completeMs / plainMs)} (reported)`,
    ];
  } finally {
    await studio.close();
    await rm(dir, { recursive: true, force: true });
  }
}
