import { z } from 'zod';
import { checkInCountsSchema, eventMemberSchema } from './api.ts';
import { CHECK_IN_UPDATED } from './attendee-pages.ts';

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
