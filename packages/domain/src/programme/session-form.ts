import { z } from 'zod';
import { DATE_VALUE, TIME_VALUE, dateInputMessages, timeInputError } from '../date-input.ts';
import { wallClockInstant } from '../events/event-form.ts';
import { wallClock } from '../events/timezones.ts';
import { required, requiredText } from '../events/query.ts';
import type { Broadcast, BroadcastVideo } from './api.ts';
import { BROADCAST_TYPES, PROGRAMME_TITLE_MAX_LENGTH, type BroadcastType } from './constants.ts';

/** The drawer's values: the session as the organiser types it, in the event's timezone. */
export interface SessionFormValues {
  title: string;
  broadcast_type: BroadcastType;
  date: string;
  startTime: string;
  endTime: string;
  tracks: string[];
  description: string;
  videos: BroadcastVideo[];
  /** The RTMP input an RTMP session plays; none chosen yet is null. */
  rtmp_input: string | null;
}

/** Spec 002 §4.7a: asked before a dirty drawer closes. */
export const DISCARD_CHANGES_QUESTION = 'You have unsaved changes. Are you sure you want to discard them?';

const blockShape = {
  title: requiredText(PROGRAMME_TITLE_MAX_LENGTH),
  date: z.string().regex(DATE_VALUE, dateInputMessages.invalidDate),
  startTime: z.string().regex(TIME_VALUE, required),
  endTime: z.string().regex(TIME_VALUE, required),
};
/** The end's time input has the start as its minimum (002 §5.2). */
const endsAfterStart = (values: { startTime: string; endTime: string }, context: z.RefinementCtx) => {
  const error = timeInputError(values.endTime, { after: values.startTime });
  if (error) context.addIssue({ code: 'custom', message: error, path: ['endTime'] });
};

/** A break, room or booth block: a title and its times on one day. */
export const blockFormSchema = z.object(blockShape).loose().superRefine(endsAfterStart);
export type BlockFormValues = z.output<typeof blockFormSchema> & {
  track: string;
  kind: 'break' | 'room' | 'booth';
};

export const sessionFormSchema = z
  .object({ ...blockShape, broadcast_type: z.enum(BROADCAST_TYPES) })
  .loose()
  .superRefine(endsAfterStart);

/** The instants of a day's wall-clock times in the event's timezone. */
export const blockTimes = (
  values: { date: string; startTime: string; endTime: string },
  timezone: string,
) => ({
  start_time: wallClockInstant(values.date, values.startTime, timezone)?.toISOString() ?? '',
  end_time: wallClockInstant(values.date, values.endTime, timezone)?.toISOString() ?? '',
});

/**
 * A new session starts at the event's start time, one hour long, on the day it is added under
 * (`day`, YYYY-MM-DD in the event's timezone; the event's first day without one); an existing one
 * as saved.
 */
export function sessionFormValues(
  session: Broadcast | null,
  event: { start_time: string; timezone: string },
  tracks: string[] = [],
  day?: string,
): SessionFormValues {
  if (session) {
    const start = wallClock(new Date(session.start_time), event.timezone);
    return {
      title: session.title,
      broadcast_type: session.broadcast_type,
      date: start.date,
      startTime: start.time,
      endTime: wallClock(new Date(session.end_time), event.timezone).time,
      tracks: session.tracks,
      description: session.description,
      videos: session.video_assets,
      rtmp_input: session.rtmp_input,
    };
  }
  const start = wallClock(new Date(event.start_time), event.timezone);
  const hour = Number(start.time.slice(0, 2));
  return {
    title: '',
    broadcast_type: 'LIVE',
    date: day ?? start.date,
    startTime: start.time,
    endTime: `${String(Math.min(hour + 1, 23)).padStart(2, '0')}:${hour + 1 > 23 ? '59' : start.time.slice(3)}`,
    tracks,
    description: '',
    videos: [],
    rtmp_input: null,
  };
}

/** The API body of the drawer's values (instants in UTC): videos only for SIMULIVE, an input only for RTMP. */
export function sessionRequest(values: SessionFormValues, timezone: string) {
  return {
    title: values.title.trim(),
    broadcast_type: values.broadcast_type,
    ...blockTimes(values, timezone),
    tracks: values.tracks,
    description: values.description,
    video_assets: values.broadcast_type === 'SIMULIVE' ? values.videos.map((video) => video.id) : [],
    rtmp_input: values.broadcast_type === 'RTMP' ? values.rtmp_input : null,
  };
}
