// Filler slides (issue 18 §6): image → GENERATED through the API and the job queue, against one
// plain ffmpeg encode of the same image and length with the same encoder settings.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FillerSlide, SignedUrlResponse } from '@studio/domain';
import { runMediaTool, STILL_VIDEO_SECONDS, stillImageMp4Args } from '@studio/media';
import { bearer } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { createMediaStudio } from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { percentile, ratio, timed, until } from './bench-util.ts';

const RUNS = Number(process.env.BENCH_FILLER_RUNS ?? 3);

export async function benchFillerSlides(): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-filler-'));
  const studio = await createMediaStudio({ role: 'all' });
  try {
    const admin = await newAdmin(studio, 'Filler bench');
    const headers = bearer(admin.access);
    const image = path.join(dir, 'slide.png');
    await runMediaTool('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080', '-frames:v', '1', image],
    ]);
    const bytes = await readFile(image);

    const plain = () =>
      runMediaTool('ffmpeg', ['-y', ...stillImageMp4Args(image, path.join(dir, 'plain.mp4'))]);
    async function throughStudio(): Promise<number> {
      const signed = await studio.app.inject({
        method: 'POST',
        url: '/api/core/files/signed_url/',
        headers,
        payload: { key: 'organization/slide.png', file_type: 'image/png', preset: 'fillerSlide' },
      });
      const { url, key } = signed.json<SignedUrlResponse>();
      await studio.app.inject({
        method: 'PUT',
        url: new URL(url).pathname + new URL(url).search,
        payload: bytes,
      });
      // From the create call (the image is uploaded) to the slide reading GENERATED.
      return timed(async () => {
        const created = await studio.app.inject({
          method: 'POST',
          url: '/api/core/filler-slide-library/',
          headers,
          payload: { file_name: 'Bench', broadcast_filler_image_s3_path: key, workspace: null },
        });
        const { id } = created.json<FillerSlide>();
        await until(async () => {
          const slide = await studio.app.inject({
            method: 'GET',
            url: `/api/core/filler-slide-library/${id}/`,
            headers,
          });
          const state = slide.json<FillerSlide>().broadcast_filler_state;
          if (state === 'FAILED') throw new Error('The filler slide failed.');
          return state === 'GENERATED';
        }, 20);
      });
    }

    await plain();
    const plainTimes: number[] = [];
    const studioTimes: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      plainTimes.push(await timed(plain));
      studioTimes.push(await throughStudio());
    }
    const median = (samples: number[]) => percentile(samples, 50);
    return [
      `Filler slide, a 1920×1080 PNG as a ${STILL_VIDEO_SECONDS} s video (median of ${RUNS}, PGlite, load ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')})`,
      `  image → GENERATED ÷ one plain ffmpeg encode of the same length: ${ratio(median(studioTimes) / median(plainTimes))} (goal ≤ 1.5)`,
    ];
  } finally {
    await studio.close();
    await rm(dir, { recursive: true, force: true });
  }
}
