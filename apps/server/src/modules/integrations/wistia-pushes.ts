import { marketingMessages, WISTIA_PUSH_UPDATED, wistiaOffered, type WistiaRecording } from '@studio/domain';
import { z } from 'zod';
import type { Executor } from '../../platform/db/executor.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob, type JobContext } from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { RecordingReady, VideoLibraryService } from '../video-library/video-library.service.ts';
import type { CrmConnectors } from './crm-connectors.ts';
import type { IntegrationsService } from './integrations.service.ts';
import { VendorError } from './vendors/vendor-http.ts';
import {
  createWistiaPushesRepository,
  type WistiaPushChanges,
  type WistiaPushRow,
} from './wistia-pushes.repository.ts';

/** One recording uploaded to the Wistia project its push row names. */
export const wistiaPushJob = defineJob({
  name: 'integrations.wistia-push',
  payload: z.object({ videoId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 60,
  // A recording of hours is streamed for a while.
  expireInSeconds: 6 * 3600,
});

/**
 * While it uploads, a push touches its row this often, as the queue's workers beat their hearts
 * (their lease is a minute): an upload of hours is still seen alive.
 */
const UPLOAD_BEAT_SECONDS = 60;
/**
 * A push 'uploading' whose row was not touched for this long was left by a worker that died (the
 * queue retries its job once the lease is lost): a push by hand may start it again.
 */
export const WISTIA_PUSH_ABANDONED_AFTER_SECONDS = 5 * UPLOAD_BEAT_SECONDS;

const pushAnswer = (push: WistiaPushRow): NonNullable<WistiaRecording['push']> => ({
  status: push.status,
  project_id: push.project_id,
  media_hashed_id: push.media_hashed_id,
  error: push.error,
  updated_at: push.updated_at.toISOString(),
});

/** Wistia and the network may answer later; everything else (refusal, no connection, no file) will not change. */
const isPassing = (error: unknown) =>
  !(error instanceof VendorError || error instanceof HttpError) ||
  (error instanceof VendorError && (error.kind === 'unavailable' || error.kind === 'rate_limited'));

/**
 * Recordings pushed to the event's Wistia project (issue 36): automatically once each when the
 * video library says an event's recording is ready (the event connected to Wistia with a project
 * chosen), or by hand (again after a push ended); the upload is a job streaming the file from
 * storage, its status (pending, uploading, done, failed with Wistia's message) kept per recording.
 */
export function createWistiaPushes(deps: {
  db: Executor;
  jobs: JobQueue;
  integrations: Pick<IntegrationsService, 'connectedCredentials' | 'usedConnection'>;
  connectors: Pick<CrmConnectors, 'wistia'>;
  events: Pick<EventCore, 'marketingIdsOf'>;
  recordings: Pick<VideoLibraryService, 'recordingFileOf' | 'recordingsOf'>;
  /** Each status change pushed to the event's open studios (the recordings list follows it). */
  realtime: Pick<Realtime, 'publish'>;
}) {
  const { db, jobs } = deps;
  const pushes = createWistiaPushesRepository(db);

  /** A new status, told to the event's studios. */
  async function mark(videoId: string, changes: WistiaPushChanges): Promise<void> {
    const row = await pushes.touch(videoId, changes);
    if (row)
      await deps.realtime.publish(
        row.organization_id,
        {
          type: WISTIA_PUSH_UPDATED,
          data: { eventId: row.event_id, video_id: videoId, push: pushAnswer(row) },
        },
        { eventId: row.event_id },
      );
  }

  /**
   * The recording ready: queued once, when its event (not an in-person one) has Wistia connected
   * and a project chosen.
   */
  const recordingReady: RecordingReady = async ({ organizationId, eventId, videoId }) => {
    const { wistiaProjectId: projectId, hostType } = await deps.events.marketingIdsOf(eventId);
    if (
      !projectId ||
      !wistiaOffered(hostType) ||
      !(await deps.integrations.usedConnection(organizationId, 'wistia', { eventId }))?.authenticated_at
    )
      return;
    await db.transaction().execute(async (tx) => {
      if (await pushes.claim(tx, { videoId, organizationId, eventId, projectId }))
        await jobs.send(wistiaPushJob, { videoId }, { tx });
    });
  };

  /** A push by hand into `projectId`; 409 while one is on its way. */
  async function pushAgain(
    event: { organizationId: string; id: string },
    videoId: string,
    projectId: string,
  ): Promise<void> {
    // 404 unless it is one of the event's recordings.
    await deps.recordings.recordingFileOf(event.organizationId, event.id, videoId);
    const queued = await db.transaction().execute(async (tx) => {
      const claimed = await pushes.claimAgain(
        tx,
        { videoId, organizationId: event.organizationId, eventId: event.id, projectId },
        WISTIA_PUSH_ABANDONED_AFTER_SECONDS,
      );
      if (claimed) await jobs.send(wistiaPushJob, { videoId }, { tx });
      return claimed;
    });
    if (!queued) throw new HttpError(409, 'WISTIA_PUSH_IN_PROGRESS', marketingMessages.wistiaPushInProgress);
  }

  /** The event's recordings, each with its push (none: never pushed). */
  async function recordingsOf(organizationId: string, eventId: string): Promise<WistiaRecording[]> {
    const [recordings, pushed] = await Promise.all([
      deps.recordings.recordingsOf(organizationId, eventId),
      pushes.ofEvent(eventId),
    ]);
    const byVideo = new Map(pushed.map((push) => [push.video_id, push]));
    return recordings.map((recording) => {
      const push = byVideo.get(recording.id);
      return { video_id: recording.id, name: recording.name, push: push ? pushAnswer(push) : null };
    });
  }

  /** The job: the recording streamed into the row's project; a done push is not uploaded again. */
  async function upload({ videoId }: { videoId: string }, job: JobContext): Promise<void> {
    const row = await pushes.find(videoId);
    if (!row || row.status === 'done') return;
    await mark(videoId, { status: 'uploading' });
    // A beat missed (the database busy) only lets a push by hand reopen the upload sooner.
    const beat = setInterval(
      () => void pushes.touch(videoId).catch(() => undefined),
      UPLOAD_BEAT_SECONDS * 1000,
    );
    try {
      const credentials = await deps.integrations.connectedCredentials(row.organization_id, 'wistia', {
        eventId: row.event_id,
      });
      const file = await deps.recordings.recordingFileOf(row.organization_id, row.event_id, videoId);
      const media = await deps.connectors.wistia(credentials).uploadRecording(row.project_id, {
        name: file.name,
        file,
      });
      await mark(videoId, { status: 'done', media_hashed_id: media.hashed_id, error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const again = isPassing(error) && !job.lastTry;
      await mark(videoId, { status: again ? 'pending' : 'failed', error: message });
      if (again) throw error;
    } finally {
      clearInterval(beat);
    }
  }

  function register(): void {
    jobs.register(wistiaPushJob, upload);
  }

  return { recordingReady, pushAgain, recordingsOf, register };
}

export type WistiaPushes = ReturnType<typeof createWistiaPushes>;
