import { isHlsPlaybackAvailable, isProcessed, type TranscodeStatus } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { assetPrefix } from './playback.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { studioUrlBase } from '../../platform/http/studio-url.ts';
import { organizationVideosOf, type ViewContext } from './video-asset-view.ts';
import { transcodeVideoAssetJob } from './video-library.jobs.ts';
import type { VideoLibraryRepository } from './video-library.repository.ts';

/** A clip's library video as Content Lab and the shared page show it. */
export interface ClipVideo {
  status: TranscodeStatus | null;
  duration: number | null;
  hls_url: string | null;
  mp4_url: string | null;
  thumbnail_url: string | null;
}

export interface ClipVideoDeps {
  db: Executor;
  assets: VideoLibraryRepository;
  jobs: JobQueue;
  view: Omit<ViewContext, 'organization' | 'usageCounts'>;
  notify: (id: string) => Promise<void>;
}

/**
 * Issue 37 §3: each Content Lab clip is a CLIP library video. It is listed (Processing) as soon as
 * the clip is made; the clips module's worker attaches the cut file, then it goes through the same
 * pipeline as an upload. Its original lives under the video's own prefix, purged with it.
 */
export function clipVideoUseCases({ db, assets, jobs, view, notify }: ClipVideoDeps) {
  return {
    /** Where a clip's cut file is stored: the video's original. */
    clipSourceKey: (videoId: string) => `${assetPrefix(videoId)}original/clip.mp4`,

    /** The processed mp4 a clip is cut from (no caller: the worker), when the organisation's video has one. */
    async clipInputOf(organizationId: string, videoId: string): Promise<string | undefined> {
      const row = isUuid(videoId) ? await assets.findById(videoId) : undefined;
      return row?.organization_id === organizationId ? (row.mp4_key ?? undefined) : undefined;
    },

    /** The workspace of a clip's video (null: none, or the video is gone): who hears its cut. */
    async clipVideoWorkspaceOf(videoId: string): Promise<string | null> {
      return (await assets.findById(videoId))?.workspace_id ?? null;
    },

    async createClipVideo(clip: {
      organizationId: string;
      workspaceId: string | null;
      eventId: string | null;
      name: string;
      duration: number;
      createdBy: string | null;
    }): Promise<string> {
      const id = await assets.insert({
        organization_id: clip.organizationId,
        workspace_id: clip.workspaceId,
        event_id: clip.eventId,
        name: clip.name,
        description: null,
        source: 'CLIP',
        creation_type: 'CLIP',
        duration: clip.duration,
        upload_id: null,
        source_key: null,
        created_by: clip.createdBy,
      });
      await notify(id);
      return id;
    },

    /** The cut is stored: the pipeline takes it from here. False when the video was deleted meanwhile. */
    async attachClipSource(organizationId: string, videoId: string, sourceKey: string): Promise<boolean> {
      const attached = await db.transaction().execute(async (tx) => {
        await assets.update(videoId, { source_key: sourceKey }, tx);
        if (!(await assets.moveStatus(organizationId, videoId, [null], 'SUBMITTED', tx))) return false;
        await jobs.send(transcodeVideoAssetJob, { assetId: videoId }, { tx, singletonKey: videoId });
        return true;
      });
      if (attached) {
        jobs.nudge(transcodeVideoAssetJob);
        await notify(videoId);
      }
      return attached;
    },

    /** The cut failed for good: the video ends in ERROR with the reason. */
    async failClipVideo(videoId: string, reason: string): Promise<void> {
      await assets.fail(videoId, ['UNDECODABLE'], reason);
      await notify(videoId);
    },

    /**
     * Issue 37 §3 clip publish: a clip READY_TO_PUBLISH becomes COMPLETE, a library video like any
     * other. False when it is not waiting to be published (not processed yet, or published already).
     */
    async publishClipVideo(organizationId: string, videoId: string): Promise<boolean> {
      const published = await assets.moveStatus(organizationId, videoId, ['READY_TO_PUBLISH'], 'COMPLETE');
      if (published) await notify(videoId);
      return published;
    },

    /**
     * These clip videos of the organisation as a player opens them: for Content Lab's `caller`
     * (root-relative media for a session, studioUrlBase), or with no caller for the shared page.
     */
    clipVideosOf: (
      organizationId: string,
      ids: readonly string[],
      caller?: Pick<Caller, 'apiTokenId'>,
    ): Promise<Map<string, ClipVideo>> =>
      organizationVideosOf(
        assets,
        { ...view, publicUrl: studioUrlBase(caller, view.publicUrl) },
        organizationId,
        ids,
        (record, asset) => ({
          status: record.transcode_status,
          duration: record.duration,
          // Content Lab plays a clip waiting to be published; the library does not list it as playable.
          hls_url:
            isProcessed(record.transcode_status) ||
            isHlsPlaybackAvailable({ ...record, hlsUrl: asset.urls.hls })
              ? asset.urls.hls
              : null,
          mp4_url: asset.urls.mp4,
          thumbnail_url: asset.urls.thumbnail,
        }),
      ),
  };
}
