import { z } from 'zod';

/**
 * GET /api/event/{id}/attendee_links/: the event's public pages on its attendee origin (002 §2
 * public link helpers), which only the server knows (EVENTS_PUBLIC_URL, the verified default
 * custom domain). The check-in manager's links are answered for every event; the studio shows
 * them where the event has a check-in desk (`hasCheckInDesk`). `embed` is null while the
 * organisation's plan has no embedded events (002 §6 `embeddedEvents`).
 */
export const attendeeLinksSchema = z.object({
  landing: z.string(),
  register: z.string(),
  on_demand: z.string(),
  embed: z.string().nullable(),
  check_in: z.string(),
  self_check_in: z.string(),
});
export type AttendeeLinks = z.infer<typeof attendeeLinksSchema>;

/** GET /api/event/series/{id}/attendee_links/: a series' (or repeating event's) registration page. */
export const seriesAttendeeLinksSchema = z.object({ register: z.string() });
export type SeriesAttendeeLinks = z.infer<typeof seriesAttendeeLinksSchema>;

/** GET /api/event/hub-pages/{id}/attendee_links/: a hub page's public page. */
export const hubPageAttendeeLinksSchema = z.object({ page: z.string() });
export type HubPageAttendeeLinks = z.infer<typeof hubPageAttendeeLinksSchema>;

/** GET /api/public/event/{id}/embed_link/: the embed's address, public as the embed is (the dummy page). */
export const publicEmbedLinkSchema = z.object({ embed: z.string() });
