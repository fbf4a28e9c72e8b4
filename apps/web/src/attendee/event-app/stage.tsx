import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  eventAppMessages,
  videoLibraryMessages,
  type EventAppEvent,
  type StagePush,
  type StageSource,
  type StageTrack,
  type TrackStage,
} from '@studio/domain';
import { PLAYBACK_FAILED_MESSAGE_MS } from '../../ui/hls-rules.ts';
import { loadHls, playHls } from './hls-play.ts';
import { EventEnded } from './on-demand.tsx';
import type { EventAppApi } from './event-app-api.ts';
import { useAttendance, useWatchTime } from './attendance.ts';
import { Tabs } from './tab-bar.tsx';

/** Whether two answers play the same thing (a push for what already plays is ignored). */
const samePlaying = (a: StageSource, b: StageSource) =>
  a.kind === b.kind && a.session === b.session && a.video === b.video && a.hls_url === b.hls_url;

/** What plays on the stage, since when, and after what. */
export interface StagePlaying {
  source: StageSource;
  at: number;
  /** The kind of what played before (null: nothing yet). */
  after: StageSource['kind'] | null;
}

/** The stage's tracks: the one it plays (null: the event has none) and those to choose from. */
export interface StageTracks {
  track: string | null;
  tracks: StageTrack[];
}

/** A push's source for `track`: that track's own when the push carries it, else the main track's. */
function sourceOf(push: StagePush, track: string | null): StageSource {
  const { by_track: byTrack, ...main } = push;
  return (track !== null && byTrack?.[track]) || main;
}

/**
 * What the stage plays in `track` (null: the main track), fetched when it is chosen and then
 * following the `stage-updated` pushes, which carry each track's source.
 */
export function useStageSource(api: Pick<EventAppApi, 'stage' | 'pushes'>, track: string | null = null) {
  const [playing, setPlaying] = useState<StagePlaying | null>(null);
  const [tracks, setTracks] = useState<StageTracks>({ track: null, tracks: [] });
  // Asked for as the stage first renders: its panels' effects (which run first) queue requests of their own.
  const [answer] = useState(() => api.stage());
  useEffect(() => {
    let live = true;
    const follow = (source: StageSource) => {
      if (live)
        setPlaying((current) =>
          current && samePlaying(current.source, source)
            ? current
            : { source, at: Date.now(), after: current?.source.kind ?? null },
        );
    };
    (track === null ? answer : api.stage(track)).then(
      ({ track: decided, tracks: choices, ...source }: TrackStage) => {
        if (live) setTracks({ track: decided, tracks: choices });
        follow(source);
      },
      () => undefined,
    );
    const stop = api.pushes({ stage: (push) => follow(sourceOf(push, track)), sessions: () => undefined });
    return () => {
      live = false;
      stop();
    };
  }, [api, answer, track]);
  return { playing, ...tracks };
}

/**
 * Above the stage of an event whose tracks play side by side: a tab per track (its title), the
 * one playing selected; nothing with fewer than two.
 */
export function TrackSwitcher({
  tracks,
  track,
  onChoose,
}: StageTracks & { onChoose: (track: string) => void }) {
  if (tracks.length < 2 || track === null) return null;
  return (
    <div className="stage-tracks">
      <Tabs
        label={eventAppMessages.stageTracks}
        tabs={tracks.map((entry) => ({ id: entry.id, title: entry.name }))}
        open={track}
        onOpen={onChoose}
      />
    </div>
  );
}

/**
 * One source on the player (hls.js): it starts at the source's offset (plus the time since it was
 * told), the buffer video loops; 000 §8's error rules, and the failure message for 5 seconds.
 */
function StagePlayer({
  source,
  hlsUrl,
  at,
  poster,
  sessionTitle,
  muted,
  onMuted,
}: {
  /** What plays, as the stage holds it: the same object until something else plays. */
  source: StageSource;
  hlsUrl: string;
  at: number;
  /** The filler slide shown until the video plays. */
  poster: string | undefined;
  sessionTitle: string | undefined;
  /** Whether the sound is off (the stage's, kept from one source to the next). */
  muted: boolean;
  onMuted: (muted: boolean) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // What the sound is when the source starts (read then, not a reason to reload the source).
  const mutedRef = useRef(muted);
  useEffect(() => {
    mutedRef.current = muted;
  }, [muted]);
  // The buffer video (no session) is not watching anything.
  useWatchTime(useAttendance(), videoRef, source.session ?? undefined, 'live');
  // Only what plays starts the player again: the page re-rendering around it (the sound turned on,
  // a sidebar tab's unread count) must not reload the stream under the attendee.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const live = source.kind === 'live';
    const start = () => {
      // A session's video starts at the moment everyone else is at; a live channel at its edge, and
      // the looping buffer video (no clock) at its beginning: a seek past its end would stall it.
      if (source.kind === 'session_video')
        video.currentTime = source.offset_seconds + (Date.now() - at) / 1000;
      video.muted = mutedRef.current;
      // A browser that refuses sound before a tap: the video plays muted, Unmute offered.
      void video.play().catch(() => {
        if (video.muted) return;
        video.muted = true;
        onMuted(true);
        void video.play().catch(() => undefined);
      });
    };
    let stop: (() => void) | undefined;
    let stopped = false;
    void loadHls().then((Hls) => {
      if (stopped) return;
      stop = playHls(Hls, video, hlsUrl, start, () => setFailed(true), live);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [source, hlsUrl, at, onMuted]);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(false), PLAYBACK_FAILED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [failed]);
  const buffer = source.kind === 'buffer';
  const unmute = () => {
    const video = videoRef.current;
    if (video) video.muted = false;
    onMuted(false);
  };
  // A live input that stops feeding the player shows the holding slide, never a black box.
  if (failed && source.kind === 'live')
    return <HoldingSlide title={sessionTitle} image={source.filler_image_url} />;
  return (
    <>
      <video
        ref={videoRef}
        data-source={source.video ?? source.session ?? ''}
        data-kind={source.kind}
        // Named by what it shows, as the status over it says: the buffer, else the session on stage.
        aria-label={
          buffer ? eventAppMessages.stageStartingSoon : (sessionTitle ?? eventAppMessages.stageLive)
        }
        loop={buffer}
        poster={poster}
        muted={muted}
        autoPlay
        playsInline
        controls
        onVolumeChange={(change) => onMuted(change.currentTarget.muted)}
      />
      {/* What the screen shows: the buffer before (or between) sessions, or a session going out now. */}
      <span className={buffer ? 'stage-status' : 'stage-status live'}>
        {buffer ? eventAppMessages.stageStartingSoon : eventAppMessages.stageLive}
      </span>
      {muted && (
        <button type="button" className="button stage-unmute" onClick={unmute}>
          <MutedIcon />
          {eventAppMessages.unmute}
        </button>
      )}
      {failed && (
        <p role="alert" className="alert error">
          {buffer ? videoLibraryMessages.bufferVideoLoadFailed : videoLibraryMessages.playbackFailed}
        </p>
      )}
    </>
  );
}

/** A speaker with a cross (the sound is off), drawn in the button's text colour. */
function MutedIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      <path d="M17 9l5 6M22 9l-5 6" strokeLinecap="round" />
    </svg>
  );
}

/** A live input without a feed: the event's filler slide (or its colours), the session and "We'll be right back". */
function HoldingSlide({ title, image }: { title: string | undefined; image: string | undefined }) {
  return (
    <div className="stage-holding" role="status">
      {image && <img className="stage-filler" src={image} alt="" />}
      <div className="stage-holding-text">
        {title && <strong>{title}</strong>}
        <span>{eventAppMessages.rightBack}</span>
      </div>
    </div>
  );
}

/**
 * The stage's screen (16:9, filling its column): what the server decided plays now, switching on
 * its pushes; the holding slide while a live input has no feed.
 */
export function Stage({
  playing,
  sessionTitle,
  eventId,
  overlay,
  endedMessage = eventAppMessages.stageEnded,
}: {
  playing: StagePlaying | null;
  sessionTitle?: string;
  /** With it, the event's end shows its on-demand videos (the event app, not the studio's preview). */
  eventId?: string;
  /** Said over the on-demand videos once the event is over; none for a recording, which never ran. */
  endedMessage?: string | null;
  /** Shown over what plays (the studio's preview: a popup over the video). */
  overlay?: ReactNode;
}) {
  // Autoplay needs the sound off; once the person turned it on it stays on from source to source.
  const [muted, setMuted] = useState(true);
  if (playing?.source.kind === 'ended' && eventId)
    return <EventEnded eventId={eventId} message={endedMessage} />;
  return (
    <div className="stage-screen">
      {playing && (
        <StageScreen playing={playing} sessionTitle={sessionTitle} muted={muted} onMuted={setMuted} />
      )}
      {overlay}
    </div>
  );
}

function StageScreen({
  playing,
  sessionTitle,
  muted,
  onMuted,
}: {
  playing: StagePlaying;
  sessionTitle: string | undefined;
  muted: boolean;
  onMuted: (muted: boolean) => void;
}) {
  const { source, at, after } = playing;
  // 002 §2.2: the filler slide is the loading screen before a pre-recorded video starts and after it ends.
  const filler =
    source.kind === 'session_video' || after === 'session_video' ? source.filler_image_url : undefined;
  if (source.hls_url)
    return (
      <StagePlayer
        key={`${source.kind}:${source.video}:${source.hls_url}`}
        source={source}
        hlsUrl={source.hls_url}
        at={at}
        poster={filler}
        sessionTitle={sessionTitle}
        muted={muted}
        onMuted={onMuted}
      />
    );
  if (source.kind === 'live') return <HoldingSlide title={sessionTitle} image={source.filler_image_url} />;
  if (filler) return <img className="stage-filler" src={filler} alt="" />;
  return (
    <ScreenSaver
      text={source.kind === 'ended' ? eventAppMessages.stageEnded : eventAppMessages.nothingOnStage}
    />
  );
}

/**
 * The stage's screen saver: the screen while nothing plays, in the screen-saver colours (002 §2.2
 * Button & Card Color: the buttons' unless set apart).
 */
export function ScreenSaver({ text }: { text: string }) {
  return <p className="stage-message screen-saver">{text}</p>;
}

/** A popup on the stage, in the Stage Popups colours (002 §2.2): a title and its message. */
export function StagePopup({ title, message }: { title: string; message: string }) {
  return (
    <div className="stage-popup" role="status">
      <strong>{title}</strong>
      <p>{message}</p>
    </div>
  );
}

/**
 * The stage's calls to action (002 §5.3): the organiser's button (registration or their link) and
 * the demo request, which is kept and then confirmed — or opens the organiser's page in a new tab.
 */
export function StageCallsToAction({
  event,
  requestDemo,
}: {
  event: Pick<EventAppEvent, 'stage_cta' | 'demo_cta'>;
  requestDemo: () => Promise<unknown>;
}) {
  const [requested, setRequested] = useState<'sent' | 'failed' | null>(null);
  const attendance = useAttendance();
  const { stage_cta: cta, demo_cta: demo } = event;
  if (!cta && !demo) return null;
  const askForDemo = () => {
    attendance?.track({ action: 'cta_click', cta: 'demo_request' });
    if (demo?.url) window.open(demo.url, '_blank', 'noopener,noreferrer');
    requestDemo().then(
      () => setRequested('sent'),
      () => setRequested('failed'),
    );
  };
  return (
    <div className="row stage-ctas">
      {cta && (
        <a
          className="button"
          href={cta.url}
          onClick={() => attendance?.track({ action: 'cta_click', cta: 'custom' })}
          {...(cta.url.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
        >
          {cta.text}
        </a>
      )}
      {demo && (
        <button type="button" className="button secondary" onClick={askForDemo}>
          {demo.text}
        </button>
      )}
      {demo && !demo.url && requested === 'sent' && <StagePopup title={demo.title} message={demo.message} />}
      {requested === 'failed' && (
        <p role="alert" className="alert error">
          {eventAppMessages.demoRequestFailed}
        </p>
      )}
    </div>
  );
}
