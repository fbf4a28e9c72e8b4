import type { BroadcastType } from '../programme/constants.ts';
import { videoSlots, type PlayoutVideo } from '../programme/video-slots.ts';
import type { StagePush, StageSource, StageTrack } from './api.ts';

/** A library video as the stage plays it. */
export type StageVideo = PlayoutVideo;

/** A session as the stage sees it. */
export interface StageSession {
  id: string;
  start_time: Date;
  end_time: Date;
  broadcast_type: BroadcastType;
  /** Ids of the tracks it is in. */
  tracks: readonly string[];
  /** A pre-recorded session's videos, in play order. */
  videos: readonly StageVideo[];
  /** A live session's stream is on air (the live inputs issue sets it); until then, the buffer plays. */
  is_live: boolean;
  /** The live stream's HLS URL, when the live inputs issue provides one. */
  live_hls_url: string | null;
}

/** What decides the stage: the event's times, its buffer video, its main track and its sessions. */
export interface StageProgramme {
  start_time: Date;
  end_time: Date;
  buffer_video: StageVideo | null;
  /** The filler slide's image URL (002 §2.2), if the event has a processed one. */
  filler_image_url?: string | null;
  /**
   * The main stage's track: the event's first track (by sort priority), the one decided for unless
   * another is asked; with no track at all, every session is on the main stage.
   */
  main_track: string | null;
  /** The event's tracks by sort priority, with their titles (the event app's track switcher). */
  tracks?: readonly StageTrack[];
  sessions: readonly StageSession[];
}

/** What plays at one instant: `started` is when the source was at offset 0 (null: it loops). */
interface Playing {
  kind: StageSource['kind'];
  session: string | null;
  video: string | null;
  hls_url: string | null;
  started: number | null;
}

/** A pre-recorded session's videos on the clock, from its start. */
const sessionSlots = (session: StageSession) => videoSlots(session.start_time.getTime(), session.videos);

/** The sessions a track's stage plays (with no track, every session). */
const onTrack = (programme: StageProgramme, track: string | null) =>
  programme.sessions.filter((session) => track === null || session.tracks.includes(track));

/**
 * The tracks whose stage an attendee may watch, by sort priority: the main track, and every other
 * track with a session. With fewer than two, the event app shows no track switcher.
 */
export function stageTracks(programme: StageProgramme): StageTrack[] {
  return (programme.tracks ?? []).filter(
    (track) =>
      track.id === programme.main_track ||
      programme.sessions.some((session) => session.tracks.includes(track.id)),
  );
}

/** The track decided for when `asked` is: itself if it is one of the stage's tracks, else the main track. */
export function stageTrackOf(programme: StageProgramme, asked: string | null | undefined): string | null {
  return stageTracks(programme).some((track) => track.id === asked) ? (asked ?? null) : programme.main_track;
}

/** The session in progress at `t`; of overlapping ones, the one that started last (attendees are moved to it). */
function sessionAt(sessions: readonly StageSession[], t: number): StageSession | undefined {
  let current: StageSession | undefined;
  for (const session of sessions) {
    if (session.start_time.getTime() > t || session.end_time.getTime() <= t) continue;
    if (!current || session.start_time.getTime() >= current.start_time.getTime()) current = session;
  }
  return current;
}

function playingAt(programme: StageProgramme, sessions: readonly StageSession[], t: number): Playing {
  if (t >= programme.end_time.getTime())
    return { kind: 'ended', session: null, video: null, hls_url: null, started: null };
  const session = sessionAt(sessions, t);
  if (session?.broadcast_type === 'SIMULIVE') {
    const slot = sessionSlots(session).find((candidate) => candidate.start <= t && t < candidate.end);
    if (slot)
      return {
        kind: 'session_video',
        session: session.id,
        video: slot.video.id,
        hls_url: slot.video.hls_url,
        started: slot.start,
      };
  } else if (session?.is_live) {
    return { kind: 'live', session: session.id, video: null, hls_url: session.live_hls_url, started: null };
  }
  const buffer = programme.buffer_video;
  return buffer
    ? { kind: 'buffer', session: null, video: buffer.id, hls_url: buffer.hls_url, started: null }
    : { kind: 'none', session: null, video: null, hls_url: null, started: null };
}

const samePlaying = (a: Playing, b: Playing) =>
  a.kind === b.kind &&
  a.session === b.session &&
  a.video === b.video &&
  a.hls_url === b.hls_url &&
  a.started === b.started;

/** Every instant at which what plays may change. */
function boundaries(programme: StageProgramme, sessions: readonly StageSession[]): number[] {
  const instants = [programme.start_time.getTime(), programme.end_time.getTime()];
  for (const session of sessions) {
    instants.push(session.start_time.getTime(), session.end_time.getTime());
    if (session.broadcast_type === 'SIMULIVE')
      for (const slot of sessionSlots(session)) instants.push(slot.start, slot.end);
  }
  return [...new Set(instants)].sort((a, b) => a - b);
}

/**
 * What the event's stage plays at `now` in `track` (issue 17 §3, spec 002 "Buffer Video"): the
 * buffer video before the event and between the track's sessions; a pre-recorded session's videos
 * in order from its start (a late joiner starts at `offset_seconds`), then the buffer until the
 * next session; a live session's stream while it is on air; nothing after the event's end. `until`
 * is the next instant the answer changes (null: never again). The track is the main track unless
 * another is named (null: every session, as for an event with no track).
 */
export function stageSourceAt(
  programme: StageProgramme,
  now: Date,
  track: string | null = programme.main_track,
): StageSource {
  const sessions = onTrack(programme, track);
  const t = now.getTime();
  const playing = playingAt(programme, sessions, t);
  const next = boundaries(programme, sessions).find(
    (instant) => instant > t && !samePlaying(playingAt(programme, sessions, instant), playing),
  );
  return {
    kind: playing.kind,
    session: playing.session,
    video: playing.video,
    hls_url: playing.hls_url,
    offset_seconds: playing.started === null ? 0 : (t - playing.started) / 1000,
    until: next === undefined ? null : new Date(next).toISOString(),
    ...(programme.filler_image_url ? { filler_image_url: programme.filler_image_url } : {}),
  };
}

/** Whether two answers play the same thing (a player already on it keeps playing). */
export const sameStageSource = (a: StageSource, b: StageSource) =>
  a.kind === b.kind &&
  a.session === b.session &&
  a.video === b.video &&
  a.hls_url === b.hls_url &&
  a.until === b.until &&
  a.filler_image_url === b.filler_image_url;

/**
 * What the stage plays at `now` as pushed to the event app (`stage-updated`): the main track's
 * source and, when attendees choose between tracks, each of those tracks' own (`by_track`).
 */
export function stagePushAt(programme: StageProgramme, now: Date): StagePush {
  const tracks = stageTracks(programme);
  const main = stageSourceAt(programme, now);
  if (tracks.length < 2) return main;
  return {
    ...main,
    by_track: Object.fromEntries(tracks.map((track) => [track.id, stageSourceAt(programme, now, track.id)])),
  };
}

/** The stage's next switch after a push: the earliest instant at which any track's answer changes. */
export function nextStageSwitch(push: StagePush): string | null {
  const instants = [push.until, ...Object.values(push.by_track ?? {}).map((source) => source.until)];
  return instants.reduce<string | null>(
    (earliest, until) => (until !== null && (earliest === null || until < earliest) ? until : earliest),
    null,
  );
}

/** Whether any track's answer differs between two pushes (a switch pushes only then). */
export const sameStagePush = (a: StagePush, b: StagePush) =>
  sameStageSource(a, b) &&
  Object.keys({ ...a.by_track, ...b.by_track }).every((track) => {
    const before = a.by_track?.[track];
    const after = b.by_track?.[track];
    return before !== undefined && after !== undefined && sameStageSource(before, after);
  });
