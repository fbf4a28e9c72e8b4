import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { cutClip, MediaToolError } from '@studio/media';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { VIDEO_STEP_RETRIES } from '../video-library/video-library.jobs.ts';
import type { VideoLibraryService } from '../video-library/video-library.service.ts';
import type { ClipsRepository } from './clips.repository.ts';

/** Cuts a clip from its video's processed mp4, then hands the file to the library's pipeline. */
export const cutClipJob = defineJob({
  name: 'clips.cut',
  payload: z.object({ clipId: z.uuid() }),
  ...VIDEO_STEP_RETRIES,
  expireInSeconds: 3 * 3600,
  concurrency: 1,
});

export interface ClipsJobsDeps {
  clips: ClipsRepository;
  library: VideoLibraryService;
  storage: ObjectStore;
  /** Scratch space (DATA_DIR/work). */
  workRoot: string;
}

/** Progress is saved at most this often (a fraction of the cut). */
const PROGRESS_STEP = 0.1;

export function registerClipsJobs(
  queue: JobQueue,
  { clips, library, storage, workRoot }: ClipsJobsDeps,
): void {
  queue.register(cutClipJob, async ({ clipId }, { signal, lastTry }) => {
    const clip = await clips.findById(clipId);
    if (!clip?.video_library_id || clip.cut_status === 'DONE' || clip.cut_status === 'ERROR') return;
    const videoId = clip.video_library_id;
    const fail = async (reason: string) => {
      await clips.update(clip.id, { cut_status: 'ERROR', error_reason: reason, cut_progress: null });
      await library.failClipVideo(videoId, reason);
    };
    const inputKey =
      clip.video_asset_id && (await library.clipInputOf(clip.organization_id, clip.video_asset_id));
    if (!inputKey) return fail('The video this clip was cut from is no longer available.');
    await clips.update(clip.id, { cut_status: 'CUTTING', cut_progress: 0 });
    const workDir = path.join(workRoot, `clip-${clip.id}-${randomBytes(4).toString('hex')}`);
    await mkdir(workDir, { recursive: true });
    try {
      let input = storage.localPath(inputKey);
      if (!input) {
        input = path.join(workDir, 'input.mp4');
        await storage.download(inputKey, input);
      }
      const output = path.join(workDir, 'clip.mp4');
      let saved = 0;
      const mode = await cutClip(
        input,
        output,
        {
          start: clip.start_time,
          end: clip.end_time,
          vertical: clip.vertical ? { x: clip.crop_x } : undefined,
        },
        {
          signal,
          onProgress: (fraction) => {
            if (fraction - saved < PROGRESS_STEP) return;
            saved = fraction;
            void clips.update(clip.id, { cut_progress: fraction }).catch(() => undefined);
          },
        },
      );
      const key = library.clipSourceKey(videoId);
      await storage.putFile(key, output, { contentType: 'video/mp4', move: true });
      await clips.update(clip.id, { cut_status: 'DONE', cut_mode: mode, cut_progress: null });
      await library.attachClipSource(clip.organization_id, videoId, key);
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof MediaToolError) return fail(error.reason);
      if (lastTry) await fail(error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
}
