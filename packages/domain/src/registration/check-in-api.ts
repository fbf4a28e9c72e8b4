import { z } from 'zod';
import { checkInCountsSchema, eventMemberSchema } from './api.ts';
import { CHECK_IN_UPDATED, checkInMessages } from './attendee-pages.ts';
import { dateFormat } from '../events/date-format.ts';
import { wallClock } from '../events/timezones.ts';

/** The check-in desk's JSON and its realtime push (issue 16 §6). */
export const checkInUpdatedMessageSchema = z.object({
  type: z.literal(CHECK_IN_UPDATED),
  data: checkInCountsSchema.extend({ eventId: z.string(), event: z.string() }),
});
export type CheckInUpdatedMessage = z.infer<typeof checkInUpdatedMessageSchema>;

/** POST /api/event/{id}/check_in_link/ (studio) → the organiser's link to the desk. */
export const checkInLinkAnswerSchema = z.object({ url: z.string() });

/**
 * GET …/check-in/api/members?search=&offset= (the desk's search by name or email): a page of
 * `CHECK_IN_SEARCH_LIMIT` from `offset`, and `count`, how many match in all (the desk's Show more).
 */
export const checkInSearchQuerySchema = z.object({
  search: z.string().trim().max(255).default(''),
  offset: z.coerce.number().int().min(0).default(0),
});
export const checkInSearchAnswerSchema = z.object({
  results: z.array(eventMemberSchema),
  count: z.number().int(),
  counts: checkInCountsSchema,
});

/**
 * The desk's notice when it is opened on another day than the event's, in the event's zone
 * (checking people in days early is most likely a mistake): 'This event starts on Dec 3, 2026.',
 * or after its last day 'This event ended on …'; null on the event's days.
 */
export function checkInDayNotice(
  event: { start_time: Date; end_time: Date; timezone: string },
  now: Date,
): string | null {
  const today = wallClock(now, event.timezone).date;
  const day = (at: Date) => dateFormat('en-US', { dateStyle: 'medium' }, event.timezone).format(at);
  if (today < wallClock(event.start_time, event.timezone).date)
    return checkInMessages.startsOn(day(event.start_time));
  if (today > wallClock(event.end_time, event.timezone).date)
    return checkInMessages.endedOn(day(event.end_time));
  return null;
}
