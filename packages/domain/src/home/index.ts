import { z } from 'zod';
import { EVENT_TIME_BADGES } from '../events/event-status.ts';

/** How many of each list the home shows (issue 13 §2). */
export const HOME_LIST_SIZE = 5;

export const homeEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  event_type: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  timezone: z.string(),
  status: z.enum(EVENT_TIME_BADGES),
});
export type HomeEvent = z.infer<typeof homeEventSchema>;

export const homeVideoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The library's display status (000 §4). */
  status: z.string(),
  created_at: z.string(),
  thumbnail: z.string().nullable(),
});
export type HomeVideo = z.infer<typeof homeVideoSchema>;

/** A count the caller may not read (permission, or teams without workspaces) is null. */
const count = z.number().int().nonnegative().nullable();

/** What the new organisation has done yet: each item is computed from what exists. */
export const gettingStartedSchema = z.object({
  first_event: z.boolean(),
  first_video: z.boolean(),
  teammate: z.boolean(),
  branding: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

/** GET /api/core/home/: the organisation home in one answer, scoped to what the caller sees. */
export const homeSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string(), is_workspace_enabled: z.boolean() }),
  live_events: z.array(homeEventSchema),
  upcoming_events: z.array(homeEventSchema),
  recent_videos: z.array(homeVideoSchema),
  counts: z.object({ upcoming_events: count, videos: count, members: count, teams: count }),
  getting_started: gettingStartedSchema,
});
export type Home = z.infer<typeof homeSchema>;

export const GETTING_STARTED_STEPS: readonly { key: keyof GettingStarted; label: string }[] = [
  { key: 'first_event', label: 'Create your first event' },
  { key: 'first_video', label: 'Upload your first video' },
  { key: 'teammate', label: 'Invite a teammate' },
  // Ticked by any branding of an event or template (colours, fonts, a buffer video …).
  { key: 'branding', label: 'Set your branding (colors, fonts or a buffer video)' },
];

/** The checklist shows until every step is done. */
export const gettingStartedDone = (steps: GettingStarted): boolean =>
  GETTING_STARTED_STEPS.every((step) => steps[step.key]);
