import { z } from 'zod';
import { pageSchema } from '../api.ts';
import { dateTimeSchema, required, requiredText, timestampFields } from '../events/query.ts';
import {
  AGENDA_ITEM_KINDS,
  BROADCAST_TYPES,
  PROGRAMME_TITLE_MAX_LENGTH,
  SIMULIVE_TEST_STATES,
} from './constants.ts';
import { agendaServerMessages } from './messages.ts';

const title = requiredText(PROGRAMME_TITLE_MAX_LENGTH);
const ids = z.array(z.uuid()).refine((list) => new Set(list).size === list.length, {
  message: 'Each id may appear only once.',
});

export const broadcastTypeSchema = z.enum(BROADCAST_TYPES);
export const agendaItemKindSchema = z.enum(AGENDA_ITEM_KINDS);

/** A session's library video, in the session's order (000 §3 fields the builder shows). */
export const broadcastVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Seconds; null until the library knows it. */
  duration: z.number().nullable(),
  transcode_status: z.string().nullable(),
  thumbnail: z.string().nullable(),
});
export type BroadcastVideo = z.infer<typeof broadcastVideoSchema>;

/** A session (001 §3 "Broadcast", 002 §3.6). `speakers` is filled by the people issue. */
export const broadcastSchema = z.object({
  id: z.string(),
  event: z.string(),
  title: z.string(),
  description: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  broadcast_type: broadcastTypeSchema,
  is_live: z.boolean(),
  simulive_test_run_end_time: z.string().nullable(),
  test_simulive_processing_state: z.enum(SIMULIVE_TEST_STATES).nullable(),
  /** The RTMP input an RTMP session plays (issue 19); null for other sessions or none chosen. */
  rtmp_input: z.string().nullable(),
  video_assets: z.array(broadcastVideoSchema),
  speakers: z.array(z.unknown()),
  /** Ids of the tracks the session is in. */
  tracks: z.array(z.string()),
  ...timestampFields,
});
export type Broadcast = z.infer<typeof broadcastSchema>;
export const broadcastPageSchema = pageSchema(broadcastSchema);

/** POST /api/event/broadcasts/ — `video_assets` in play order. */
export const createBroadcastSchema = z.object({
  event: z.string(),
  title,
  description: z.string().optional(),
  start_time: dateTimeSchema,
  end_time: dateTimeSchema,
  broadcast_type: broadcastTypeSchema,
  tracks: ids.optional(),
  video_assets: ids.optional(),
  rtmp_input: z.uuid().nullable().optional(),
});
export type CreateBroadcastRequest = z.infer<typeof createBroadcastSchema>;
export type CreateBroadcastBody = z.input<typeof createBroadcastSchema>;

/** PATCH /api/event/broadcasts/{id}/ — a session never moves to another event. */
export const updateBroadcastSchema = createBroadcastSchema.omit({ event: true }).partial();
export type UpdateBroadcastRequest = z.infer<typeof updateBroadcastSchema>;
export type UpdateBroadcastBody = z.input<typeof updateBroadcastSchema>;

/** A track (001 §3): `agenda_items` is the comma-joined ids of its items, in time order. */
export const trackSchema = z.object({
  id: z.string(),
  event: z.string(),
  title: z.string(),
  sort_priority: z.number().int(),
  agenda_items: z.string(),
});
export type Track = z.infer<typeof trackSchema>;
export const trackPageSchema = pageSchema(trackSchema);

export const createTrackSchema = z.object({
  event: z.string(),
  title,
  /** A 32-bit integer: the column's type (a larger one would be a server error). */
  sort_priority: z.int32().min(0).optional(),
});
export type CreateTrackRequest = z.infer<typeof createTrackSchema>;

export const updateTrackSchema = createTrackSchema.omit({ event: true }).partial();
export type UpdateTrackRequest = z.infer<typeof updateTrackSchema>;

/** PUT /api/event/tracks/bulk/ — every track of the event, renamed and reordered at once. */
export const bulkTracksSchema = z.object({
  event: z.string(),
  tracks: z.array(z.object({ id: z.uuid(), title, sort_priority: z.int32().min(0) })),
});
export type BulkTracksRequest = z.infer<typeof bulkTracksSchema>;
export const bulkTracksAnswerSchema = z.array(trackSchema);

/**
 * An agenda block (001 §3): in one track; a session block points at its broadcast and shares its
 * title and times. `overlaps`: the items of the same track whose times overlap this one's.
 */
export const agendaItemSchema = z.object({
  id: z.string(),
  event: z.string(),
  track: z.string(),
  kind: agendaItemKindSchema,
  broadcast: z.string().nullable(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  overlaps: z.array(z.string()),
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;
export const agendaItemPageSchema = pageSchema(agendaItemSchema);

const agendaItemBodySchema = z.object({
  event: z.string(),
  track: z.uuid(),
  kind: agendaItemKindSchema,
  broadcast: z.uuid().nullable().optional(),
  title: title.optional(),
  start_time: dateTimeSchema.optional(),
  end_time: dateTimeSchema.optional(),
});

/**
 * POST /api/event/agenda-item/ — a session block names its `broadcast` and takes its title and
 * times (given ones change the session); the other kinds need their own title and times.
 */
export const createAgendaItemSchema = agendaItemBodySchema.superRefine((item, context) => {
  const issue = (field: string, message: string) =>
    context.addIssue({ code: 'custom', path: [field], message });
  if (item.kind === 'session') {
    if (!item.broadcast) issue('broadcast', agendaServerMessages.broadcastRequired);
    return;
  }
  if (item.broadcast) issue('broadcast', agendaServerMessages.broadcastOnlyForSessions);
  for (const field of ['title', 'start_time', 'end_time'] as const)
    if (item[field] === undefined) issue(field, required);
});
export type CreateAgendaItemRequest = z.infer<typeof createAgendaItemSchema>;
export type CreateAgendaItemBody = z.input<typeof createAgendaItemSchema>;

/** PATCH /api/event/agenda-item/{id}/ — the kind and the session stay. */
export const updateAgendaItemSchema = agendaItemBodySchema
  .omit({ event: true, kind: true, broadcast: true })
  .partial();
export type UpdateAgendaItemRequest = z.infer<typeof updateAgendaItemSchema>;

/** `?event=` of the three lists, with limit/offset (an unknown or malformed event: 404). */
/** The largest page of a programme list: the builder reads a whole programme at once. */
export const PROGRAMME_PAGE_LIMIT = 1000;
export const programmeListQuerySchema = z.object({
  event: z.string(),
  limit: z.coerce.number().int().min(1).max(PROGRAMME_PAGE_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ProgrammeListQuery = z.infer<typeof programmeListQuerySchema>;

/**
 * Socket pushes (001 §7), one per changed object, after the change is committed:
 * `broadcast-updated` carries the session's answer or `{id, deleted: true}`;
 * `agenda-item-updated` carries an agenda item or a track (`object` says which), or a deletion.
 */
const deletion = z.object({ eventId: z.string(), id: z.string(), deleted: z.literal(true) });
export const broadcastUpdatedDataSchema = z.union([
  broadcastSchema.extend({ eventId: z.string() }),
  deletion,
]);
export const agendaItemUpdatedDataSchema = z.union([
  agendaItemSchema.extend({ eventId: z.string(), object: z.literal('agenda_item') }),
  trackSchema.extend({ eventId: z.string(), object: z.literal('track') }),
  deletion.extend({ object: z.enum(['agenda_item', 'track']) }),
]);
export type BroadcastUpdatedData = z.infer<typeof broadcastUpdatedDataSchema>;
export type AgendaItemUpdatedData = z.infer<typeof agendaItemUpdatedDataSchema>;
