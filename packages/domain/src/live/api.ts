import { z } from 'zod';
import { pageSchema } from '../api.ts';
import { requiredText } from '../events/query.ts';
import { CHANNEL_STATES, RTMP_INPUT_NAME_MAX_LENGTH, RTMP_INPUT_STATES } from './constants.ts';

/** Which feeds of a channel are on air now (ours: the studio shows failover and degraded). */
export const channelFeedsSchema = z.object({
  primary: z.boolean(),
  failover: z.boolean(),
  /** A live session is on with no feed: the filler slide or buffer video plays. */
  degraded: z.boolean(),
  /** The last refusal of a feed (a stream that is not H.264/AAC), for the organiser. */
  error: z.string().nullable(),
});
export type ChannelFeeds = z.infer<typeof channelFeedsSchema>;

/** Spec 002 §3.5: an RTMP input; `urls.hls` is its channel's playlist (studio preview and stage). */
export const rtmpInputSchema = z.object({
  id: z.string(),
  name: z.string(),
  event: z.string(),
  channel_states: z.array(z.enum(CHANNEL_STATES)),
  state: z.enum(RTMP_INPUT_STATES),
  test_run_end_time: z.string().nullable(),
  input_url: z.string(),
  failover_input_url: z.string(),
  /** The same addresses over RTMPS, when the server has a certificate. */
  secure_input_url: z.string().nullable(),
  secure_failover_input_url: z.string().nullable(),
  feeds: channelFeedsSchema,
  urls: z.object({ hls: z.string() }),
  created_at: z.string(),
});
export type RtmpInput = z.infer<typeof rtmpInputSchema>;
export const rtmpInputPageSchema = pageSchema(rtmpInputSchema);

/** GET /api/event/rtmp_inputs/?event= */
export const rtmpInputListQuery = z.object({
  event: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** POST /api/event/rtmp_inputs/ */
export const createRtmpInputSchema = z.object({
  name: requiredText(RTMP_INPUT_NAME_MAX_LENGTH),
  event: z.uuid(),
});
export type CreateRtmpInputBody = z.input<typeof createRtmpInputSchema>;

/** Spec 001 §7 / 002 §7.4: the `rtmp-input-updated` push's data. */
export const rtmpInputUpdateSchema = z.object({
  eventId: z.string(),
  id: z.string(),
  channel_states: z.array(z.enum(CHANNEL_STATES)),
  test_run_end_time: z.string().nullable(),
  feeds: channelFeedsSchema,
});
export type RtmpInputUpdate = z.infer<typeof rtmpInputUpdateSchema>;
export const RTMP_INPUT_UPDATED = 'rtmp-input-updated';
