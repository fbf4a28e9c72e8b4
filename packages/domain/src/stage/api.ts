import { z } from 'zod';

/** What the stage plays (issue 17 §3). */
export const STAGE_SOURCE_KINDS = ['buffer', 'session_video', 'live', 'ended', 'none'] as const;

/**
 * GET /api/event/{id}/stage/ (`?track=` for another track's) and the `stage-updated` push: what plays now. `session` and `video`
 * name what plays (the buffer video is a video of no session); `offset_seconds` is where a player
 * joining now starts; `until` is when the answer changes (a push follows then), null when never.
 */
export const stageSourceSchema = z.object({
  kind: z.enum(STAGE_SOURCE_KINDS),
  session: z.string().nullable(),
  video: z.string().nullable(),
  hls_url: z.string().nullable(),
  offset_seconds: z.number().min(0),
  until: z.string().nullable(),
  /**
   * The event's filler slide image (002 §2.2), when it has one: the player's loading screen before
   * a pre-recorded video starts and after it ends, until the next source plays.
   */
  filler_image_url: z.string().optional(),
});
export type StageSource = z.infer<typeof stageSourceSchema>;

/**
 * The stage calls' query: `track`, the track whose stage to answer (the main track when absent, or
 * when it names no track attendees may choose — another event's, or one with no session).
 */
export const stageQuerySchema = z.object({ track: z.string().max(100).optional() });

/** A track whose stage an attendee may watch: its id and title. */
export const stageTrackSchema = z.object({ id: z.string(), name: z.string() });
export type StageTrack = z.infer<typeof stageTrackSchema>;

/**
 * GET …/e/{id}/api/stage?track={trackId}: what the track's stage plays now, with `track`, the track
 * decided for (the main track unless the query names another of `tracks`; null: the event has no
 * track), and `tracks`, those an attendee may choose (the main track and every other with a
 * session, by sort priority; fewer than two: no choice).
 */
export const trackStageSchema = stageSourceSchema.extend({
  track: z.string().nullable(),
  tracks: z.array(stageTrackSchema),
});
export type TrackStage = z.infer<typeof trackStageSchema>;

/**
 * The event app's `stage-updated` push: the main track's source and, when the event has tracks to
 * choose from, each one's (`by_track`, by track id).
 */
export const stagePushSchema = stageSourceSchema.extend({
  by_track: z.record(z.string(), stageSourceSchema).optional(),
});
export type StagePush = z.infer<typeof stagePushSchema>;

/**
 * GET …/api/on-demand (issue 34 §1): the event's videos to watch on demand — its sessions'
 * pre-recorded videos (with their session) and its live sessions' recordings (the library's
 * EVENT_RECORDING videos of the event, session null) — those that play (HLS ready), in agenda order.
 */
export const onDemandVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  session: z.string().nullable(),
  hls_url: z.string(),
  duration: z.number().nullable(),
  thumbnail_url: z.string().nullable(),
  /** WebVTT captions from the video's transcript (issue 37), when it has one. */
  captions_url: z.string().nullable().optional(),
});
export type OnDemandVideo = z.infer<typeof onDemandVideoSchema>;

/** Pushed to the event's sockets when what the stage plays changes. */
export const STAGE_UPDATED = 'stage-updated';
export const stageUpdatedMessageSchema = z.object({
  type: z.literal(STAGE_UPDATED),
  data: stageSourceSchema.extend({ eventId: z.string() }),
});
export type StageUpdatedMessage = z.infer<typeof stageUpdatedMessageSchema>;
