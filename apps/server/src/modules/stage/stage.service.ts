import {
  nextStageSwitch,
  sameStagePush,
  type OnDemandVideo,
  STAGE_UPDATED,
  stagePushAt,
  stageSourceAt,
  stageTrackOf,
  stageTracks,
  type StageProgramme,
  type StagePush,
  type StageSource,
  type StageVideo,
  type TrackStage,
} from '@studio/domain';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { PubSub } from '../../platform/realtime/pubsub.ts';
import type { StageEvent } from '../back-office/events/event-core.service.ts';
import type { StageAgenda } from '../programme/agenda/agenda.service.ts';
import type { PlaybackReader } from '../video-library/video-library.service.ts';

/** Carries every stage change between processes: the attendee site's players subscribe to it. */
export const STAGE_CHANNEL = 'stage';

/** What crosses processes on the stage channel: the main track's source and each track's (`by_track`). */
export interface StageChange {
  eventId: string;
  source: StagePush;
}

/** Runs `switchDue(eventId, at)` at `at`, once across every process (stage.jobs.ts). */
export interface StageScheduler {
  at(eventId: string, at: Date): Promise<void>;
}

export interface StageDeps {
  /** The back office's events: the event's times and buffer video. */
  events: { stageEventById(id: string): Promise<StageEvent | undefined> };
  /** The programme's agenda: the tracks (the first is the main track) and the sessions with their videos. */
  agenda: { stageProgrammeOf(eventId: string): Promise<StageAgenda> };
  /** The video library: how a player opens these videos, and their lengths; the event's recordings. */
  videos: PlaybackReader<
    Omit<StageVideo, 'id'> & { thumbnail_url?: string | null; captions_url?: string | null }
  > & {
    recordingsOf(organizationId: string, eventId: string): Promise<{ id: string; name: string }[]>;
  };
  /** Live: the sessions' recordings (a recording's video id → its session). */
  recordings: {
    recordedSessions(sessionIds: readonly string[]): Promise<ReadonlyMap<string, string>>;
  };
  /** The live area: an RTMP input's channel playlist (issue 19). */
  /** The URL the event app plays an RTMP session's channel at. */
  liveHlsUrl: (event: { id: string; organizationId: string }, inputId: string) => string;
  /** The filler-slides module: a processed slide's image URL, else null. */
  fillerSlides: { imageUrlOf(organizationId: string, slideId: string): Promise<string | null> };
  realtime: Pick<Realtime, 'publish'>;
  pubsub: Pick<PubSub, 'publish' | 'subscribe'>;
  scheduler: StageScheduler;
  /** Now; tests pass a fake clock. */
  clock: () => Date;
  log: () => { error(object: object, message: string): void };
}

/**
 * The stage (issue 17 §3): what plays now, decided on the server from the event, its agenda and
 * the clock, and pushed (`stage-updated`) when that changes — at each decision's `until`, through
 * a durable job, and after a change of the event or its programme.
 */
export function createStageService(deps: StageDeps) {
  const { clock } = deps;

  async function programmeOf(
    eventId: string,
  ): Promise<{ event: StageEvent; programme: StageProgramme } | undefined> {
    const event = await deps.events.stageEventById(eventId);
    if (!event) return undefined;
    const agenda = await deps.agenda.stageProgrammeOf(event.id);
    const videoIds = agenda.sessions.flatMap((session) =>
      session.broadcast_type === 'SIMULIVE' ? session.videoIds : [],
    );
    const playback = await deps.videos.playbackOf(event.organizationId, [
      ...(event.bufferVideoId ? [event.bufferVideoId] : []),
      ...videoIds,
    ]);
    const videoOf = (id: string): StageVideo => ({
      id,
      ...(playback.get(id) ?? { duration: null, hls_url: null }),
    });
    const buffer = event.bufferVideoId ? videoOf(event.bufferVideoId) : null;
    return {
      event,
      programme: {
        start_time: event.start_time,
        end_time: event.end_time,
        buffer_video: buffer?.hls_url ? buffer : null,
        filler_image_url: event.fillerSlideId
          ? await deps.fillerSlides.imageUrlOf(event.organizationId, event.fillerSlideId)
          : null,
        main_track: agenda.mainTrack,
        tracks: agenda.tracks ?? [],
        sessions: agenda.sessions.map(({ videoIds: ids, rtmpInputId, ...session }) => ({
          ...session,
          videos: ids.map(videoOf),
          // An RTMP session's channel is on air for its whole time: its encoder's stream, else the filler.
          is_live: session.is_live || rtmpInputId !== null,
          live_hls_url: rtmpInputId === null ? null : deps.liveHlsUrl(event, rtmpInputId),
        })),
      },
    };
  }

  /**
   * The next switch — the earliest instant any track's answer changes — is scheduled whenever a
   * decision is made (the job's key makes it one): a failure is logged, not answered — the next
   * read or change schedules it again.
   */
  async function scheduleNext(eventId: string, push: StagePush): Promise<void> {
    const next = nextStageSwitch(push);
    if (!next) return;
    await deps.scheduler
      .at(eventId, new Date(next))
      .catch((error: unknown) => deps.log().error({ err: error, eventId }, 'stage switch not scheduled'));
  }

  /** The studio hears the main track's source; the attendee site, every track's. */
  async function publish(event: StageEvent, push: StagePush): Promise<void> {
    const { by_track: _byTrack, ...source } = push;
    await deps.realtime.publish(
      event.organizationId,
      { type: STAGE_UPDATED, data: { ...source, eventId: event.id } },
      { eventId: event.id },
    );
    await deps.pubsub.publish(STAGE_CHANNEL, { eventId: event.id, source: push } satisfies StageChange);
  }

  /** What `track`'s stage plays now (another event's or an unknown track: the main track's). */
  async function trackStageOf(
    eventId: string,
    track: string | undefined,
    now: Date = clock(),
  ): Promise<TrackStage | undefined> {
    const found = await programmeOf(eventId);
    if (!found) return undefined;
    const decided = stageTrackOf(found.programme, track);
    await scheduleNext(found.event.id, stagePushAt(found.programme, now));
    return {
      ...stageSourceAt(found.programme, now, decided),
      track: decided,
      tracks: stageTracks(found.programme),
    };
  }

  return {
    /**
     * What the event's stage plays now in its main track, or in `track` when that is one of the
     * tracks attendees may choose; undefined for an unknown event.
     */
    async stageOf(eventId: string, now: Date = clock(), track?: string): Promise<StageSource | undefined> {
      const answer = await trackStageOf(eventId, track, now);
      if (!answer) return undefined;
      const { track: _track, tracks: _tracks, ...source } = answer;
      return source;
    },

    /** For the event app: a track's stage with the track decided for and the tracks to choose from. */
    trackStageOf,

    /**
     * The event's videos on demand (issue 34 §1: after the event the stage lists them; the sidebar's
     * Media tab shows a session's): its sessions' pre-recorded videos in agenda order, then its
     * recordings — those that play; when none does, its buffer video under the event's title (what
     * the on-demand page plays then too); undefined for an unknown event.
     */
    async onDemandOf(eventId: string): Promise<OnDemandVideo[] | undefined> {
      const event = await deps.events.stageEventById(eventId);
      if (!event) return undefined;
      const { sessions } = await deps.agenda.stageProgrammeOf(event.id);
      const recordings = await deps.videos.recordingsOf(event.organizationId, event.id);
      const recorded = await deps.recordings.recordedSessions(sessions.map((session) => session.id));
      const listed = [
        ...sessions.flatMap((session) =>
          session.videoIds.map((id) => ({ id, title: session.title, session: session.id })),
        ),
        ...recordings.map((recording) => ({
          id: recording.id,
          title: recording.name,
          session: recorded.get(recording.id) ?? null,
        })),
      ];
      const buffer = event.bufferVideoId
        ? [{ id: event.bufferVideoId, title: event.title, session: null }]
        : [];
      const playback = await deps.videos.playbackOf(
        event.organizationId,
        [...listed, ...buffer].map((video) => video.id),
      );
      const seen = new Set<string>();
      const playing = (videos: typeof listed) =>
        videos.flatMap((video) => {
          const playable = playback.get(video.id);
          if (!playable?.hls_url || seen.has(video.id)) return [];
          seen.add(video.id);
          return [
            {
              ...video,
              hls_url: playable.hls_url,
              duration: playable.duration,
              thumbnail_url: playable.thumbnail_url ?? null,
              captions_url: playable.captions_url ?? null,
            },
          ];
        });
      const aired = playing(listed);
      return aired.length > 0 ? aired : playing(buffer);
    },

    /** After a committed change of the event or its programme: the stage's new answer, pushed. */
    async changed(eventId: string): Promise<void> {
      try {
        const found = await programmeOf(eventId);
        if (!found) return;
        const push = stagePushAt(found.programme, clock());
        await publish(found.event, push);
        await scheduleNext(found.event.id, push);
      } catch (error) {
        // The change itself is committed; the next switch or read corrects the stage.
        deps.log().error({ err: error, eventId }, 'stage push failed');
      }
    },

    /**
     * The scheduled switch at `at` (a job, at least once): pushed only when what plays in some track
     * changes there — a switch scheduled before the programme moved finds nothing to do — and the
     * next one scheduled. A job that runs late decides for now; one that runs early (clocks
     * differ), for `at`.
     */
    async switchDue(eventId: string, at: Date): Promise<void> {
      const found = await programmeOf(eventId);
      if (!found) return;
      const now = new Date(Math.max(clock().getTime(), at.getTime()));
      const before = stagePushAt(found.programme, new Date(at.getTime() - 1));
      const push = stagePushAt(found.programme, now);
      if (!sameStagePush(before, stagePushAt(found.programme, at))) await publish(found.event, push);
      await scheduleNext(found.event.id, push);
    },

    /** For the attendee site: every stage change of any event, in every process. */
    subscribe(listener: (change: StageChange) => void): () => void {
      return deps.pubsub.subscribe(STAGE_CHANNEL, (message) => listener(message as StageChange));
    },
  };
}

export type StageService = ReturnType<typeof createStageService>;
