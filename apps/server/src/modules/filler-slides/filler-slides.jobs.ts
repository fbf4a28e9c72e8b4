import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { FILLER_SLIDE_UPDATED } from '@studio/domain';
import { encodeStillImage, HLS_MASTER_PLAYLIST, mp4ToHls } from '@studio/media';
import { z } from 'zod';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import { contentTypeOf, type ObjectStore } from '../../platform/storage/object-store.ts';
import type { FillerSlideRow, FillerSlidesRepository } from './filler-slides.repository.ts';

/** Makes a filler slide's image into its video (mp4 and HLS): seconds of work. */
export const generateFillerVideoJob = defineJob({
  name: 'filler-slides.generate',
  payload: z.object({ slideId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
});

/** Removes a deleted slide's video files. */
export const purgeFillerSlideJob = defineJob({
  name: 'filler-slides.purge',
  payload: z.object({ organizationId: z.uuid(), slideId: z.uuid() }),
  retryLimit: 10,
});

/**
 * A slide's video lives beside the general files of its organisation, so the files route serves it
 * at its content URL like the image (the stage and the studio play it from there).
 */
export const videoPrefix = (organizationId: string, slideId: string) =>
  `files/${organizationId}/filler-slides/${slideId}/`;

export interface FillerSlidesJobsDeps {
  slides: FillerSlidesRepository;
  storage: ObjectStore;
  realtime: Pick<Realtime, 'publish'>;
  workRoot: string;
}

/** Uploads a local directory's files under a key prefix. */
async function putDirectory(storage: ObjectStore, dir: string, prefix: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = `${prefix}${path.relative(dir, file).split(path.sep).join('/')}`;
    await storage.putFile(key, file, { contentType: contentTypeOf(key) });
  }
}

export function registerFillerSlidesJobs(queue: JobQueue, deps: FillerSlidesJobsDeps): void {
  const { slides, storage, realtime } = deps;

  async function setState(id: string, changes: Parameters<FillerSlidesRepository['update']>[1]) {
    const row = await slides.update(id, changes);
    if (row) await push(row);
  }

  const push = (row: FillerSlideRow) =>
    realtime.publish(
      row.organization_id,
      {
        type: FILLER_SLIDE_UPDATED,
        data: { id: row.id, workspace: row.workspace_id, broadcast_filler_state: row.state },
      },
      { workspaceId: row.workspace_id },
    );

  queue.register(generateFillerVideoJob, async ({ slideId }, context) => {
    const slide = await slides.findById(slideId);
    if (!slide || slide.state === 'GENERATED') return;
    await setState(slideId, { state: 'PROCESSING' });
    const work = path.join(deps.workRoot, `filler-${slideId}-${context.jobId}`);
    try {
      await mkdir(work, { recursive: true });
      const image = path.join(work, `image${path.extname(slide.image_key).toLowerCase()}`);
      await storage.download(slide.image_key, image);
      const mp4 = path.join(work, 'filler.mp4');
      await encodeStillImage(image, mp4, { signal: context.signal });
      await mp4ToHls(mp4, path.join(work, 'hls'), { signal: context.signal });
      const prefix = videoPrefix(slide.organization_id, slideId);
      await storage.putFile(`${prefix}filler.mp4`, mp4, { contentType: 'video/mp4' });
      await putDirectory(storage, path.join(work, 'hls'), `${prefix}hls/`);
      await setState(slideId, {
        state: 'GENERATED',
        video_key: `${prefix}filler.mp4`,
        hls_key: `${prefix}hls/${HLS_MASTER_PLAYLIST}`,
        error_reason: null,
      });
    } catch (error) {
      // Retried unless this was the last try: then the slide reads 'Processing Stopped'.
      if (context.lastTry && !context.signal.aborted)
        await setState(slideId, { state: 'FAILED', error_reason: (error as Error).message.slice(0, 1000) });
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  queue.register(purgeFillerSlideJob, async ({ organizationId, slideId }) => {
    await storage.deletePrefix(videoPrefix(organizationId, slideId));
  });
}
