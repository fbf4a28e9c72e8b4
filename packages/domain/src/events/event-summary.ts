import { z } from 'zod';

/** A library video the event plays: a session's, or its buffer (stage roll) video. */
export const eventSummaryVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  buffer: z.boolean(),
});

/**
 * GET /api/event/{id}/summary/: what the event's dashboard shows, gathered on the server from the
 * areas that own each figure (programme, people, registration, video library).
 */
export const eventSummarySchema = z.object({
  sessions: z.number().int().nonnegative(),
  speakers: z.object({
    count: z.number().int().nonnegative(),
    /** Speakers sent their invitation. */
    invited: z.number().int().nonnegative(),
  }),
  registrants: z.object({
    /** Holding a seat (Registered, Attended, No Show), not blocked. */
    registered: z.number().int().nonnegative(),
    waitlisted: z.number().int().nonnegative(),
    /** Checked in (Attended). */
    checked_in: z.number().int().nonnegative(),
  }),
  videos: z.array(eventSummaryVideoSchema),
  filler_slide: z.boolean(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;
