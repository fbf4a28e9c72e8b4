import {
  SIMULIVE_TEST_REFUSALS,
  simuliveTestEndTime,
  simuliveTestRefusal,
  simuliveTestSourceAt,
  type Broadcast,
  type StageSource,
  type StageVideo,
} from '@studio/domain';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { HttpError, notFound } from '../../../platform/http/errors.ts';
import type { PlaybackReader } from '../../video-library/video-library.service.ts';
import type { AgendaAccess, AgendaDeps, Loaded } from './agenda-access.ts';
import type { BroadcastRecord } from './agenda.repository.ts';
import { simuliveTestEndJob } from './simulive-test.jobs.ts';

export interface SimuliveTestDeps extends Pick<AgendaDeps, 'db' | 'agenda'> {
  shared: AgendaAccess;
  /** The video library: how a player opens the session's videos (the private preview). */
  videos: PlaybackReader<Omit<StageVideo, 'id'>>;
  jobs: JobQueue;
  /** Now; tests pass a fake clock. */
  clock: () => Date;
}

const videosOf = (row: BroadcastRecord) => row.videos.flatMap(({ video }) => (video ? [video] : []));

/**
 * Simulive test runs (001 §4, 002 §4.4): a test plays the session's videos on a private channel
 * 5 minutes after it starts and ends when they have played — its end time is stored, and a durable
 * job clears it then. Each change pushes `broadcast-updated`; it is not a change of the programme.
 */
export function createSimuliveTestService(deps: SimuliveTestDeps) {
  const { db, agenda, shared, jobs, clock } = deps;

  async function pushed({ event, object, scope }: Loaded<BroadcastRecord>): Promise<Broadcast> {
    const row = await agenda.findBroadcast(object.id);
    if (!row) throw notFound();
    const { pushed: session, answered } = await shared.sessionPushedAndAnswered(row, scope.caller);
    await shared.pushBroadcast(event, { ...session, eventId: event.id });
    return answered;
  }

  return {
    /** POST test_simulive/: 400 with the refusal's code unless a test may start now. */
    async start(loaded: Loaded<BroadcastRecord>): Promise<Broadcast> {
      const { event, object: row } = loaded;
      const now = clock();
      const session = { ...row, video_assets: videosOf(row) };
      const refusal = simuliveTestRefusal(session, event.start_time, now);
      if (refusal) throw new HttpError(400, refusal, SIMULIVE_TEST_REFUSALS[refusal]);
      const endTime = simuliveTestEndTime(session, now);
      await jobs.ready();
      const started = await db.transaction().execute(async (tx) => {
        if (!(await agenda.startSimuliveTest(row.id, endTime, tx))) return false;
        await jobs.send(
          simuliveTestEndJob,
          {
            organizationId: event.organizationId,
            eventId: event.id,
            broadcastId: row.id,
            endTime: endTime.toISOString(),
          },
          { tx, startAfterSeconds: Math.ceil((endTime.getTime() - now.getTime()) / 1000) },
        );
        return true;
      });
      // Another call started one between the read and the write.
      if (!started)
        throw new HttpError(400, 'SIMULIVE_TEST_RUNNING', SIMULIVE_TEST_REFUSALS.SIMULIVE_TEST_RUNNING);
      jobs.nudge(simuliveTestEndJob);
      return pushed(loaded);
    },

    /** POST stop_simulive_test/: ends the running test at once; without one, answers the session as it is. */
    async stop(loaded: Loaded<BroadcastRecord>): Promise<Broadcast> {
      if (!(await agenda.endSimuliveTest(loaded.object.id, null))) {
        const [answer] = await shared.sessionAnswers([loaded.object], undefined, loaded.scope.caller);
        return answer!;
      }
      return pushed(loaded);
    },

    /** The scheduled end (a job, at least once): only the test it was scheduled for ends. */
    async endDue(run: { organizationId: string; eventId: string; broadcastId: string; endTime: string }) {
      if (!(await agenda.endSimuliveTest(run.broadcastId, new Date(run.endTime)))) return;
      const row = await agenda.findBroadcast(run.broadcastId);
      if (!row) return;
      const [answer] = await shared.sessionAnswers([row]);
      await shared.pushBroadcast(
        { id: run.eventId, organizationId: run.organizationId },
        { ...answer!, eventId: run.eventId },
      );
    },

    /** The private preview: what the test channel plays now, in the stage's shape. */
    async preview({ event, object: row }: Loaded<BroadcastRecord>): Promise<StageSource> {
      const ids = videosOf(row).map((video) => video.id);
      const playback = await deps.videos.playbackOf(event.organizationId, ids);
      return simuliveTestSourceAt(
        {
          session: row.id,
          end_time: row.simulive_test_run_end_time,
          videos: ids.map((id) => ({ id, ...(playback.get(id) ?? { duration: null, hls_url: null }) })),
        },
        clock(),
      );
    },
  };
}

export type SimuliveTestService = ReturnType<typeof createSimuliveTestService>;
