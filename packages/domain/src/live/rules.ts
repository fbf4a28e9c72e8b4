import {
  LIVE_CHANNEL_OPENS_BEFORE_MS,
  NOT_RUNNING_CHANNEL_STATES,
  RTMP_TEST_WINDOW_MS,
  type ChannelState,
} from './constants.ts';
import { rtmpInputServerMessages, rtmpInputMessages as text } from './messages.ts';

/** Spec 002 §5.2: rtmp or rtmps, a host, an optional port of up to 5 digits, an optional path. */
export const RTMP_ADDRESS_PATTERN = /^rtmps?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[^\s]*)?$/;
export const isRtmpAddress = (value: string) => RTMP_ADDRESS_PATTERN.test(value);

/** Spec 002 §3.5: an input URL's stream URL and stream key (its last path segment). */
export function streamOf(inputUrl: string | null): { url: string; key: string } | null {
  if (!inputUrl) return null;
  const cut = inputUrl.lastIndexOf('/');
  return { url: inputUrl.slice(0, cut), key: inputUrl.slice(cut + 1) };
}

/** The channel's state as the screen reads it: its first channel's, NOT_PRESENT when there is none. */
export const channelStateOf = (input: { channel_states: readonly string[] }) =>
  input.channel_states[0] ?? 'NOT_PRESENT';

/** Spec 002 §4.3: IDLE, NOT_PRESENT, STOPPED and DELETED are not running; everything else is. */
export const isChannelRunning = (state: string) => !NOT_RUNNING_CHANNEL_STATES.includes(state);

/** Spec 002 §4.3: testing time while the event's start minus one hour is after now. */
export const isTestingTime = (eventStart: Date | string, now: Date) =>
  new Date(eventStart).getTime() - RTMP_TEST_WINDOW_MS > now.getTime();

/** Spec 002 §4.3: running, not STARTING, and in testing time. */
export const isTestRunning = (state: string, testingTime: boolean) =>
  isChannelRunning(state) && state !== 'STARTING' && testingTime;

/** Spec 002 §4.3: the status text under an input; ours for a channel that hears a publisher. */
export function channelStateMessage(state: string): string {
  if (state === 'RECEIVING') return rtmpInputServerMessages.receivingStream;
  if (isChannelRunning(state)) return state === 'STARTING' ? text.preparing : text.ready;
  return state === 'DELETED' ? text.archived : text.notAccepting;
}

/**
 * The inputs page's note on testing (ours), null while a test can start: once testing time is over
 * the channels are live until the event ends, then archived.
 */
export function testingNoteOf(event: { start: Date | string; end: Date | string }, now: Date): string | null {
  if (isTestingTime(event.start, now)) return null;
  return new Date(event.end).getTime() <= now.getTime()
    ? rtmpInputServerMessages.archived
    : rtmpInputServerMessages.liveNow;
}

/** Spec 002 §4.3: the test button's text and whether it is disabled. */
export function testButtonOf(state: string, testingTime: boolean): { text: string; disabled: boolean } {
  const running = isChannelRunning(state);
  if (running)
    return {
      text: state === 'STARTING' ? text.connecting : testingTime ? text.inTesting : text.running,
      disabled: true,
    };
  return state === 'DELETED'
    ? { text: text.channelArchived, disabled: true }
    : { text: text.testRtmpIn, disabled: false };
}

/** What decides a channel's state (ours): the event's times, a test run, the feeds and the sessions. */
export interface ChannelFacts {
  eventStart: Date;
  eventEnd: Date;
  testRunEnd: Date | null;
  /** Held by a pending test start until the channel opens. */
  starting: boolean;
  /** A publisher is on air on the primary or failover key. */
  onAir: boolean;
  /** One of the input's sessions is in progress. */
  sessionLive: boolean;
}

/**
 * A channel's state at `now`: archived (DELETED) once its event has ended; accepting a stream during a
 * test run and from an hour before the event — RECEIVING with a publisher on air, RECOVERING when a
 * session is live without one (the filler plays), RUNNING otherwise; STARTING while a test opens it;
 * IDLE the rest of the time.
 */
export function channelStateAt(facts: ChannelFacts, now: Date): ChannelState {
  const t = now.getTime();
  if (t >= facts.eventEnd.getTime()) return 'DELETED';
  const accepting =
    t >= facts.eventStart.getTime() - LIVE_CHANNEL_OPENS_BEFORE_MS ||
    (facts.testRunEnd !== null && facts.testRunEnd.getTime() > t);
  if (!accepting) return facts.starting ? 'STARTING' : 'IDLE';
  if (facts.onAir) return 'RECEIVING';
  return facts.sessionLive ? 'RECOVERING' : 'RUNNING';
}

/** Whether a channel in this state takes a publisher. */
export const acceptsPublisher = (state: ChannelState) =>
  state === 'RUNNING' || state === 'RECEIVING' || state === 'RECOVERING';
