import { z } from 'zod';
import { channelFeedsSchema } from '../live/api.ts';
import { CHANNEL_STATES } from '../live/constants.ts';
import { registrantCountsSchema } from './event-api.ts';

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
  registrants: registrantCountsSchema.extend({
    /** Checked in (Attended). */
    checked_in: z.number().int().nonnegative(),
    /** The event's seats (registration settings); null: unlimited. */
    capacity: z.number().int().nullable(),
  }),
  /** The event's live (RTMP) inputs and their feeds now (002 §3.5). */
  live_inputs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      channel_states: z.array(z.enum(CHANNEL_STATES)),
      feeds: channelFeedsSchema,
    }),
  ),
  /** The event's emails (the email module's schedule and delivery log). */
  emails: z.object({
    /** Scheduled emails on and still to send. */
    scheduled: z.number().int().nonnegative(),
    sent: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
  videos: z.array(eventSummaryVideoSchema),
  filler_slide: z.boolean(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;
