import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import { CLIP_UPDATED, type ClipCutStatus } from '@studio/domain';
import { cutClip, MediaToolError } from '@studio/media';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { VIDEO_STEP_RETRIES } from '../video-library/video-library.jobs.ts';
import type { VideoLibraryService } from '../video-library/video-library.service.ts';
import type { ClipsRepository } from './clips.repository.ts';
import type { ClipTable } from './clips.tables.ts';

/** Cuts a clip from its video's processed mp4, then hands the file to the library's pipeline. */
export const cutClipJob = defineJob({
  name: 'clips.cut',
  payload: z.object({ clipId: z.uuid() }),
  oneWaitingPerKey: true,
  ...VIDEO_STEP_RETRIES,
  expireInSeconds: 3 * 3600,
  concurrency: 1,
});

export interface ClipsJobsDeps {
  clips: ClipsRepository;
  library: VideoLibraryService;
  storage: ObjectStore;
  realtime: Pick<Realtime, 'publish'>;
  /** Scratch space (DATA_DIR/work). */
  workRoot: string;
}

/** Progress is saved at most this often (a fraction of the cut). */
const PROGRESS_STEP = 0.1;

export function registerClipsJobs(
  queue: JobQueue,
  { clips, library, storage, realtime, workRoot }: ClipsJobsDeps,
): void {
  queue.register(cutClipJob, async ({ clipId }, { signal, lastTry }) => {
    const clip = await clips.findById(clipId);
    if (!clip?.video_library_id || clip.cut_status === 'DONE' || clip.cut_status === 'ERROR') return;
    const videoId = clip.video_library_id;
    const workspaceId = await library.clipVideoWorkspaceOf(videoId);
    let cut: { status: ClipCutStatus; progress: number | null } = {
      status: clip.cut_status,
      progress: clip.cut_progress,
    };
    /** Saves a step or progress of the cut, and the organisation's studios hear it. */
    const save = async (changes: Updateable<ClipTable> & Partial<typeof cut>) => {
      const { status = cut.status, progress = cut.progress, ...rest } = changes;
      cut = { status, progress };
      await clips.update(clip.id, { ...rest, cut_status: status, cut_progress: progress });
      await realtime.publish(
        clip.organization_id,
        {
          type: CLIP_UPDATED,
          data: {
            id: clip.id,
            video_asset: clip.video_asset_id,
            video_library_id: videoId,
            cut: status,
            progress,
          },
        },
        { workspaceId },
      );
    };
    const fail = async (reason: string) => {
      await save({ status: 'ERROR', progress: null, error_reason: reason });
      await library.failClipVideo(videoId, reason);
    };
    const inputKey =
      clip.video_asset_id && (await library.clipInputOf(clip.organization_id, clip.video_asset_id));
    if (!inputKey) return fail('The video this clip was cut from is no longer available.');
    await save({ status: 'CUTTING', progress: 0 });
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
      // Progress is saved in order, and before the end is.
      let saving = Promise.resolve();
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
            saving = saving.then(() => save({ progress: fraction })).catch(() => undefined);
          },
        },
      );
      await saving;
      const key = library.clipSourceKey(videoId);
      await storage.putFile(key, output, { contentType: 'video/mp4', move: true });
      await save({ status: 'DONE', progress: null, cut_mode: mode });
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
