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

/** GET …/check-in/api/members?search= (the desk's search by name or email). */
export const checkInSearchQuerySchema = z.object({ search: z.string().trim().max(255).default('') });
export const checkInSearchAnswerSchema = z.object({
  results: z.array(eventMemberSchema),
  counts: checkInCountsSchema,
});
