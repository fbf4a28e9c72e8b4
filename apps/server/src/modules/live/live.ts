import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventAppApiPath, LIVE_SEGMENT_SECONDS } from '@studio/domain';
import type { RtmpConfig } from '../../config.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import { startIngest } from '../../platform/rtmp/ingest.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { RtmpSessions } from '../programme/agenda/rtmp-sessions.ts';
import type { HlsGuard } from '../video-library/playback.ts';
import { createLiveChannels } from './live-channels.ts';
import { createLiveMedia, liveAccessQuery, type LiveMedia } from './live-media.ts';
import { createLiveRecording, type LiveRecordingDeps } from './live-recording.ts';
import { channelRefreshJob, sessionRecordingJob } from './live.jobs.ts';
import { registerLiveRoutes } from './live.routes.ts';
import { createLiveService } from './live.service.ts';

export interface LiveDeps {
  db: Executor;
  storage: ObjectStore;
  jobs: JobQueue;
  realtime: Realtime;
  clock: () => Date;
  publicUrl: string;
  dataDir: string;
  /** The video library's HLS guard, and whether an organisation has it on. */
  guard: HlsGuard;
  guardOn(organizationId: string): Promise<boolean>;
  rtmp: Pick<RtmpConfig, 'port' | 'publicHost'> & { tlsPort: number | null };
  events: Pick<EventCore, 'programmeEventOf' | 'programmeEventById'>;
  sessions: () => RtmpSessions;
  createRecording: LiveRecordingDeps['createRecording'];
  fillerImageOf: (eventId: string) => Promise<{ id: string; key: string } | null>;
  /** Tests shorten the segments their publishers are cut into. */
  segmentSeconds?: number;
}

/**
 * Live (issue 19): RTMP inputs for organisers, their channels (ingest decisions, failover, filler,
 * playlists) and the recordings of live sessions.
 */
export function createLive(deps: LiveDeps) {
  const segmentSeconds = deps.segmentSeconds ?? LIVE_SEGMENT_SECONDS;
  const workDir = path.join(path.resolve(deps.dataDir), 'work', 'live');
  const service = createLiveService({
    db: deps.db,
    events: deps.events,
    sessions: deps.sessions,
    realtime: deps.realtime,
    jobs: deps.jobs,
    clock: deps.clock,
    addresses: { host: deps.rtmp.publicHost, port: deps.rtmp.port, tlsPort: deps.rtmp.tlsPort },
    publicUrl: deps.publicUrl,
    guard: deps.guard,
  });
  const channels = createLiveChannels({
    db: deps.db,
    storage: deps.storage,
    live: service,
    sessionsOnAir: (now) => deps.sessions().onAirAt(now),
    fillerImageOf: deps.fillerImageOf,
    clock: deps.clock,
    segmentSeconds,
    workDir,
  });
  const recordSession = createLiveRecording({
    db: deps.db,
    storage: deps.storage,
    createRecording: deps.createRecording,
    workDir,
    sessionOf: async (broadcastId) => {
      const session = await deps.sessions().session(broadcastId);
      const event = session && (await deps.events.programmeEventById(session.event_id));
      return (
        event && {
          id: session.id,
          title: session.title,
          eventId: event.id,
          organizationId: event.organizationId,
          workspaceId: event.workspaceId,
        }
      );
    },
  });
  return {
    service,
    channels,
    recordSession,
    segmentSeconds,
    workDir,
    guard: deps.guard,
    guardOn: (organizationId: string) => deps.guardOn(organizationId),
  };
}

export type Live = ReturnType<typeof createLive>;

/**
 * `playlistOf` is the channels' playlist as the crowd reads it: every viewer's player asks for it
 * every segment, so the composition root shares one read among those asking at once. Answers the
 * channels' media, which the event app serves to attendees too.
 */
export function registerLive(
  app: HttpServer,
  live: Live,
  deps: { storage: ObjectStore; publicUrl: string; playlistOf: Live['channels']['playlist'] },
): LiveMedia {
  const media = createLiveMedia({
    playlistOf: deps.playlistOf,
    segmentKey: (inputId, sequence) => live.channels.segmentKey(inputId, sequence),
    storage: deps.storage,
    ownerOf: (inputId) => live.service.ownerOf(inputId),
    guard: live.guard,
    guardOn: live.guardOn,
  });
  registerLiveRoutes(app, { live: live.service, media, publicUrl: deps.publicUrl });
  return media;
}

/** The stage's URL of a channel: the event app's, with the access code the guard asks for. */
export const stageLiveUrl = (
  guard: HlsGuard,
  event: { id: string; organizationId: string },
  inputId: string,
) =>
  `${eventAppApiPath(event.id, `live/${inputId}/index.m3u8`)}?${liveAccessQuery(guard, event.organizationId, inputId)}`;

export function registerLiveJobs(jobs: JobQueue, live: Live): void {
  jobs.register(channelRefreshJob, ({ inputId }) => live.service.refresh(inputId));
  jobs.register(sessionRecordingJob, ({ broadcastId, inputId }) => live.recordSession(broadcastId, inputId));
}

/**
 * The RTMP listener (and RTMPS with a certificate) of the roles ingest and all, with the ticker that
 * keeps live sessions off dead air; closed with the server.
 */
export async function startLiveIngest(
  app: HttpServer,
  live: Live,
  options: { host?: string; port: number; tls?: { port: number; certFile: string; keyFile: string } },
) {
  const ingest = await startIngest({
    host: options.host,
    port: options.port,
    tls: options.tls && {
      port: options.tls.port,
      cert: await readFile(options.tls.certFile),
      key: await readFile(options.tls.keyFile),
    },
    workDir: live.workDir,
    segmentSeconds: live.segmentSeconds,
    authorize: (publisher, session) => live.channels.authorize(publisher, session),
    log: app.log,
  });
  // Every half segment (no session waits longer for its filler); the segments are pruned every minute.
  const tickMs = (live.segmentSeconds * 1000) / 2;
  let ticking = Promise.resolve();
  let ticks = 0;
  const ticker = setInterval(() => {
    ticks += 1;
    const prune = ticks % Math.ceil(60_000 / tickMs) === 0;
    ticking = ticking
      .then(() => live.channels.fillDeadAir())
      .then(() => (prune ? live.channels.pruneSegments() : undefined))
      .catch((error: unknown) => app.log.warn({ err: error }, 'live: a channel tick failed'));
  }, tickMs);
  app.addHook('onClose', async () => {
    clearInterval(ticker);
    await ticking;
    await ingest.close();
  });
  return ingest;
}
