import { randomBytes } from 'node:crypto';
import {
  channelStateAt,
  isTestingTime,
  LIVE_CHANNEL_OPENS_BEFORE_MS,
  RTMP_APP,
  RTMP_INPUT_UPDATED,
  RTMP_TEST_RUN_MS,
  RTMP_TEST_WINDOW_MS,
  rtmpInputServerMessages,
  type ChannelFeeds,
  type CreateRtmpInputBody,
  type RtmpInput,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { studioUrlBase } from '../../platform/http/studio-url.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { EventCore, ProgrammeEvent } from '../back-office/events/event-core.service.ts';
import { requirePlanFeature } from '../back-office/plan-gates.ts';
import type { HlsGuard } from '../video-library/playback.ts';
import { liveAccessQuery } from './live-media.ts';
import { channelRefreshJob, sessionRecordingJob } from './live.jobs.ts';
import { createLiveRepository, type RtmpInputRecord } from './live.repository.ts';

/** A session that plays an input (the programme's answer). */
export interface LiveSession {
  id: string;
  title: string;
  start_time: Date;
  end_time: Date;
}

/** What the programme tells the live area about RTMP sessions. */
export interface LiveSessions {
  /** The sessions that play this input. */
  ofInput(inputId: string, tx?: Executor): Promise<LiveSession[]>;
}

/** Where encoders publish: `rtmp://{host}:{port}/live/{key}`, and rtmps:// when a certificate is set. */
export interface RtmpAddresses {
  host: string;
  port: number;
  tlsPort: number | null;
}

export interface LiveServiceDeps {
  db: Executor;
  events: Pick<EventCore, 'programmeEventOf' | 'programmeEventById'>;
  sessions: () => LiveSessions;
  realtime: Realtime;
  jobs: JobQueue;
  clock: () => Date;
  addresses: RtmpAddresses;
  publicUrl: string;
  /** The video library's HLS guard: the organisers' preview URL carries its access code. */
  guard: HlsGuard;
}

/** A channel's live playlist on the studio origin: the organisers' preview (with an access code). */
export const liveHlsUrl = (publicUrl: string, inputId: string) =>
  `${publicUrl}/api/live/${inputId}/index.m3u8`;

/** A publisher counts as on air while it was heard within this long (a crashed ingest lets go). */
const ON_AIR_WITHIN_MS = 15_000;

const streamKey = () => randomBytes(18).toString('base64url');

/** The RTMP inputs of an event for organisers, and each channel's state of record with its pushes. */
export function createLiveService(deps: LiveServiceDeps) {
  const { db, clock } = deps;
  const inputs = createLiveRepository(db);

  const onAir = (publisher: string | null, heard: Date | null, now: Date) =>
    publisher !== null && heard !== null && now.getTime() - heard.getTime() < ON_AIR_WITHIN_MS;

  function feedsOf(row: RtmpInputRecord, now: Date, sessionLive: boolean): ChannelFeeds {
    const primary = onAir(row.primary_publisher, row.primary_heard_at, now);
    const failover = onAir(row.failover_publisher, row.failover_heard_at, now);
    return { primary, failover, degraded: sessionLive && !primary && !failover, error: row.channel_error };
  }

  const sessionLiveAt = (sessions: readonly LiveSession[], now: Date) =>
    sessions.some((session) => session.start_time <= now && now < session.end_time);

  /** The channel's state and feeds now, from its row, its event and its sessions. */
  function channelOf(row: RtmpInputRecord, event: ProgrammeEvent, sessions: readonly LiveSession[]) {
    const now = clock();
    const sessionLive = sessionLiveAt(sessions, now);
    const feeds = feedsOf(row, now, sessionLive);
    const state = channelStateAt(
      {
        eventStart: event.start_time,
        eventEnd: event.end_time,
        testRunEnd: row.test_run_end_time,
        starting: row.channel_state === 'STARTING',
        onAir: feeds.primary || feeds.failover,
        sessionLive,
      },
      now,
    );
    return { state, feeds, now };
  }

  const url = (scheme: 'rtmp' | 'rtmps', port: number, key: string) =>
    `${scheme}://${deps.addresses.host}:${port}/${RTMP_APP}/${key}`;
  const { tlsPort } = deps.addresses;

  /** The input as `caller` gets it (its preview URL by studioUrlBase); with none (a push), PUBLIC_URL's. */
  function toRtmpInput(
    row: RtmpInputRecord,
    event: ProgrammeEvent,
    sessions: readonly LiveSession[],
    caller: Caller | null,
  ) {
    const { state, feeds } = channelOf(row, event, sessions);
    return {
      id: row.id,
      name: row.name,
      event: row.event_id,
      channel_states: [state],
      state: sessions.length > 0 ? 'ATTACHED' : 'DETACHED',
      test_run_end_time: row.test_run_end_time?.toISOString() ?? null,
      input_url: url('rtmp', deps.addresses.port, row.stream_key),
      failover_input_url: url('rtmp', deps.addresses.port, row.failover_stream_key),
      secure_input_url: tlsPort === null ? null : url('rtmps', tlsPort, row.stream_key),
      secure_failover_input_url: tlsPort === null ? null : url('rtmps', tlsPort, row.failover_stream_key),
      feeds,
      urls: {
        hls: `${liveHlsUrl(studioUrlBase(caller, deps.publicUrl), row.id)}?${liveAccessQuery(deps.guard, event.organizationId, row.id)}`,
      },
      created_at: row.created_at.toISOString(),
    } satisfies RtmpInput;
  }

  async function answer(caller: Caller, row: RtmpInputRecord, event: ProgrammeEvent) {
    return toRtmpInput(row, event, await deps.sessions().ofInput(row.id), caller);
  }

  /** The input and its event, when the caller may see (read) or run (update) the event; 404 otherwise. */
  async function inputOf(caller: Caller, id: string, permission: 'event:read' | 'event:update') {
    const row = isUuid(id) ? await inputs.find(id) : undefined;
    if (!row) throw notFound();
    const access = await deps.events.programmeEventOf(caller, row.event_id, permission);
    return { row, ...access };
  }

  /** The next instant the channel's state may change on its own: it is checked again then. */
  function nextChange(row: RtmpInputRecord, event: ProgrammeEvent, sessions: readonly LiveSession[]) {
    const now = clock().getTime();
    const instants = [
      row.test_run_end_time?.getTime(),
      event.start_time.getTime() - LIVE_CHANNEL_OPENS_BEFORE_MS,
      event.end_time.getTime(),
      ...sessions.flatMap((session) => [session.start_time.getTime(), session.end_time.getTime()]),
    ].filter((instant): instant is number => instant !== undefined && instant > now);
    return instants.length > 0 ? new Date(Math.min(...instants)) : null;
  }

  const service = {
    async list(caller: Caller, eventId: string, page: { limit: number; offset: number }) {
      const { event } = await deps.events.programmeEventOf(caller, eventId, 'event:read');
      const { count, rows } = await inputs.list(event.id, page);
      return { count, results: await Promise.all(rows.map((row) => answer(caller, row, event))) };
    },

    async get(caller: Caller, id: string): Promise<RtmpInput> {
      const { row, event } = await inputOf(caller, id, 'event:read');
      return answer(caller, row, event);
    },

    async create(caller: Caller, request: CreateRtmpInputBody): Promise<RtmpInput> {
      const { scope, event } = await deps.events.programmeEventOf(caller, request.event, 'event:update');
      requirePlanFeature(scope, 'rtmp');
      const row = await inputs.insert({
        organization_id: event.organizationId,
        event_id: event.id,
        name: request.name.trim(),
        stream_key: streamKey(),
        failover_stream_key: streamKey(),
      });
      await service.refresh(row.id);
      return answer(caller, (await inputs.find(row.id)) ?? row, event);
    },

    /**
     * Spec 002 §4.3: a test run, possible while the event's start minus an hour is ahead; the channel
     * is STARTING until the refresh job opens it, then accepts a stream until the run's end.
     */
    async startTest(caller: Caller, id: string): Promise<RtmpInput> {
      const { row, scope, event } = await inputOf(caller, id, 'event:update');
      requirePlanFeature(scope, 'rtmp');
      const now = clock();
      if (!isTestingTime(event.start_time, now))
        throw new HttpError(400, 'NOT_IN_TESTING_TIME', rtmpInputServerMessages.notInTestingTime);
      const { state } = channelOf(row, event, []);
      if (state !== 'IDLE' && state !== 'STOPPED')
        throw new HttpError(409, 'CHANNEL_RUNNING', rtmpInputServerMessages.alreadyRunning);
      const started = await inputs.update(row.id, { channel_state: 'STARTING', test_run_end_time: null });
      await push(started!, event, []);
      await deps.jobs.send(channelRefreshJob, { inputId: row.id, at: now.toISOString() });
      return answer(caller, started!, event);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const { row } = await inputOf(caller, id, 'event:update');
      await db.transaction().execute(async (tx) => {
        // Locked first: a session being pointed at the input meanwhile (its foreign key holds the
        // row) is waited for and then seen as a use, never a failed delete.
        if (!(await inputs.lock(row.id, tx))) return;
        if ((await deps.sessions().ofInput(row.id, tx)).length > 0)
          throw new HttpError(409, 'CANNOT_DELETE_IN_USE', rtmpInputServerMessages.inUse);
        await inputs.delete(row.id, tx);
      });
    },

    /** For the programme: the input, when it is one of the event's. */
    /** The sessions' made recordings: each recording's video id with its session. */
    async recordedSessions(broadcastIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
      const rows = await inputs.madeRecordingsOf(broadcastIds);
      return new Map(rows.map((row) => [row.video_asset_id!, row.broadcast_id]));
    },

    async inputOfEvent(eventId: string, inputId: string, tx?: Executor) {
      const row = isUuid(inputId) ? await inputs.find(inputId, tx) : undefined;
      return row?.event_id === eventId ? row : undefined;
    },

    /**
     * Brings the channel's state of record up to date (storing it, pushing `rtmp-input-updated` when
     * it changed — or always, after a feed came, went or switched) and asks to be called again at the
     * next instant it may change.
     */
    async refresh(inputId: string, feedsChanged = false): Promise<void> {
      const row = await inputs.find(inputId);
      const event = row && (await deps.events.programmeEventById(row.event_id));
      if (!row || !event) return;
      const sessions = await deps.sessions().ofInput(row.id);
      const now = clock();
      const testRunEnd =
        row.channel_state === 'STARTING' && isTestingTime(event.start_time, now)
          ? // A test run opens: it accepts a stream for its time, never into the hour before the event.
            new Date(
              Math.min(now.getTime() + RTMP_TEST_RUN_MS, event.start_time.getTime() - RTMP_TEST_WINDOW_MS),
            )
          : // A finished run is over: the next one starts afresh.
            row.test_run_end_time && row.test_run_end_time > now
            ? row.test_run_end_time
            : null;
      const { state } = channelOf(
        { ...row, channel_state: 'IDLE', test_run_end_time: testRunEnd },
        event,
        sessions,
      );
      const changes = { channel_state: state, test_run_end_time: testRunEnd };
      const updated = (await inputs.update(row.id, changes)) ?? row;
      const changed =
        state !== row.channel_state || testRunEnd?.getTime() !== row.test_run_end_time?.getTime();
      if (changed || feedsChanged) await push(updated, event, sessions);
      const ended = sessions.filter((session) => session.end_time <= now).map((session) => session.id);
      for (const broadcastId of await inputs.unrecorded(ended))
        await deps.jobs.send(
          sessionRecordingJob,
          { broadcastId, inputId: row.id },
          { singletonKey: broadcastId },
        );
      const next = nextChange(updated, event, sessions);
      if (next)
        await deps.jobs.send(
          channelRefreshJob,
          { inputId: row.id, at: next.toISOString() },
          {
            singletonKey: `${row.id}:${next.toISOString()}`,
            singletonSeconds: 3600,
            startAfterSeconds: Math.max(0, Math.ceil((next.getTime() - clock().getTime()) / 1000)),
          },
        );
    },

    /** Every input of an event, after its times or its sessions changed. */
    async eventChanged(eventId: string): Promise<void> {
      for (const row of await inputs.ofEvent(eventId)) await service.refresh(row.id);
    },

    /**
     * The channel's state and feeds now, and the session on air (a segment belongs to it), for the
     * ingest and the playlist; undefined without the input.
     */
    /** The input's event and organisation (for its media's readers); undefined without the input. */
    async ownerOf(inputId: string) {
      const row = isUuid(inputId) ? await inputs.find(inputId) : undefined;
      const event = row && (await deps.events.programmeEventById(row.event_id));
      return event && { eventId: event.id, organizationId: event.organizationId };
    },

    async channelNow(inputId: string) {
      const row = isUuid(inputId) ? await inputs.find(inputId) : undefined;
      const event = row && (await deps.events.programmeEventById(row.event_id));
      if (!row || !event) return undefined;
      const sessions = await deps.sessions().ofInput(row.id);
      const channel = channelOf(row, event, sessions);
      const onAir = sessions.filter(
        (session) => session.start_time <= channel.now && channel.now < session.end_time,
      );
      // Of overlapping sessions the one that started last is on air, as on the stage.
      return { ...channel, sessionOnAir: onAir.at(-1)?.id ?? null };
    },
  };

  /** Spec 001 §7: `rtmp-input-updated` to the studios open on the event. */
  async function push(row: RtmpInputRecord, event: ProgrammeEvent, sessions: readonly LiveSession[]) {
    const input = toRtmpInput(row, event, sessions, null);
    await deps.realtime.publish(
      event.organizationId,
      {
        type: RTMP_INPUT_UPDATED,
        data: {
          eventId: event.id,
          id: input.id,
          channel_states: input.channel_states,
          test_run_end_time: input.test_run_end_time,
          feeds: input.feeds,
        },
      },
      { eventId: event.id },
    );
  }

  return service;
}

export type LiveService = ReturnType<typeof createLiveService>;
