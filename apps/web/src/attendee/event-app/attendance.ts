import {
  analyticsBeaconPath,
  HEARTBEAT_SECONDS,
  MAX_BEACON_ACTIONS,
  type TrackedActionInput,
} from '@studio/domain';
import { sendBeacon, watchClock, type Send } from '../beacon.ts';
import { createContext, useContext, useEffect, useState, type RefObject } from 'react';

/**
 * The event app's attendance (issue 35 §1), first-party only: actions wait in a queue and leave
 * as one beacon to the attendee origin every heartbeat, when the page is hidden or left.
 */
export function createAttendance(eventId: string, send: Send = sendBeacon) {
  let queue: TrackedActionInput[] = [];
  const flush = () => {
    while (queue.length > 0) {
      const actions = queue.slice(0, MAX_BEACON_ACTIONS);
      queue = queue.slice(MAX_BEACON_ACTIONS);
      send(analyticsBeaconPath(eventId), JSON.stringify({ actions }));
    }
  };
  return {
    track(action: TrackedActionInput) {
      queue.push(action);
    },
    flush,
    /** Flushes every heartbeat and when the page is hidden; answers the stop. */
    start(): () => void {
      const timer = setInterval(flush, HEARTBEAT_SECONDS * 1000);
      const hidden = () => document.visibilityState === 'hidden' && flush();
      document.addEventListener('visibilitychange', hidden);
      window.addEventListener('pagehide', flush);
      return () => {
        clearInterval(timer);
        document.removeEventListener('visibilitychange', hidden);
        window.removeEventListener('pagehide', flush);
        flush();
      };
    },
  };
}
export type Attendance = ReturnType<typeof createAttendance>;

/** The admitted person's attendance (none in the studio's preview: nothing is tracked there). */
export const AttendanceContext = createContext<Attendance | undefined>(undefined);
export const useAttendance = () => useContext(AttendanceContext);

/** The event app's attendance for a person (undefined without one), started while it is shown. */
export function useAttendanceOf(
  eventId: string,
  personId: string | null | undefined,
): Attendance | undefined {
  const [attendance] = useState(() => (personId ? createAttendance(eventId) : undefined));
  useEffect(() => attendance?.start(), [attendance]);
  return attendance;
}

/**
 * Counts a visit of the stage each time it is shown. It takes the attendance itself: the shell
 * that calls it is the one that provides `AttendanceContext`, below it.
 */
export function useStageVisit(attendance: Attendance | undefined, shown: boolean) {
  useEffect(() => {
    if (shown) attendance?.track({ action: 'stage_visit' });
  }, [attendance, shown]);
}

/** A booth or room is visited when the attendee first acts in it (a resource, its chat) while its tab is shown. */
export function usePlaceVisits(action: 'booth_visit' | 'room_visit') {
  const attendance = useAttendance();
  const [visited] = useState(() => new Set<string>());
  return (target: string) => {
    if (visited.has(target)) return;
    visited.add(target);
    attendance?.track({ action, target });
  };
}

/**
 * A player's watch time for a session: joined when it first plays, a `watched` heartbeat every
 * HEARTBEAT_SECONDS while it plays (and the rest when it pauses), left when it goes away.
 * `session` undefined counts nothing; null counts watching of no session (an event's recording).
 */
export function useWatchTime(
  attendance: Attendance | undefined,
  video: RefObject<HTMLVideoElement | null>,
  session: string | null | undefined,
  mode: 'live' | 'on_demand',
) {
  useEffect(() => {
    const player = video.current;
    if (!attendance || !player || session === undefined) return;
    let joined = false;
    const stop = watchClock(
      player,
      (seconds) => attendance.track({ action: 'watched', target: session, mode, seconds }),
      () => {
        joined = true;
        attendance.track({ action: 'session_joined', target: session, mode });
      },
    );
    return () => {
      stop();
      if (joined) attendance.track({ action: 'session_left', target: session, mode });
    };
  }, [attendance, video, session, mode]);
}
