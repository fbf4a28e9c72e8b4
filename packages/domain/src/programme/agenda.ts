import { z } from 'zod';
import type { PricingFeatureKey } from '../access/pricing.ts';
import { dateTimeSchema } from '../events/query.ts';

/** Spec 001 §3, 002 §3.6: session types and the broadcast types the API speaks. */
export const SESSION_TYPES = [
  { id: 1, label: 'Live', broadcast_type: 'LIVE' },
  { id: 2, label: 'Pre-recorded', broadcast_type: 'SIMULIVE' },
  { id: 3, label: 'RTMP', broadcast_type: 'RTMP' },
] as const;
export const BROADCAST_TYPES = ['LIVE', 'SIMULIVE', 'RTMP'] as const;
export type BroadcastType = (typeof BROADCAST_TYPES)[number];

/** Spec 002 §3.6: the blocks of an agenda. */
export const AGENDA_ITEM_KINDS = ['session', 'break', 'room', 'booth'] as const;
export type AgendaItemKind = (typeof AGENDA_ITEM_KINDS)[number];

/** Spec 001 §4: the simulive test channel of a pre-recorded session. */
export const SIMULIVE_TEST_STATES = ['IDLE', 'STARTING', 'RUNNING', 'STOPPING', 'PROCESSING'] as const;

/** Spec 002 §9: the overlap and length margin (a session should be 2 minutes longer than its videos). */
export const SESSION_MARGIN_MS = 2 * 60_000;

/** Spec 001 §8, verbatim. */
export const agendaToasts = {
  fetchBroadcasts: 'Error fetching broadcasts, Please Try Again',
  fetchAgendaItems: 'Error fetching agenda items, Please Try Again',
  fetchTracks: 'Error fetching agenda tracks, Please Try Again',
  addTrack: 'Failed to add track, please try again',
  updateTrack: 'Failed to update track, please try again',
  saveAgendaItem: 'Failed to save agenda item, please try again',
  updateAgendaItem: 'Failed to update agenda item, please try again',
  saveSession: 'Failed to save session, please try again',
} as const;

/** Field messages of the programme's rules (the spec shows none for these). */
export const agendaMessages = {
  outsideEvent: "Must be within the event's start and end.",
  endBeforeStart: 'The end must be after the start.',
  trackOfAnotherEvent: 'This track does not belong to the event.',
  broadcastOfAnotherEvent: 'This session does not belong to the event.',
  sessionNeedsBroadcast: 'A session block needs its session.',
  sessionInTrack: 'The session is already in this track.',
  timeRequired: 'Enter a time.',
  videosOnlyPrerecorded: 'Only pre-recorded sessions play library videos.',
  videoNotOfOrganization: 'This video does not belong to your organization.',
  videoNotProcessed: 'This video is still processing; pick a processed one.',
  reorderUnknown: "The list names tracks that are not the event's.",
  reorderIncomplete: 'The list must name every track of the event once.',
  titleRequired: 'Enter a title.',
} as const;

const title = z.string().trim().min(1, agendaMessages.titleRequired).max(255);
const endAfterStart = (value: { start_time?: Date | undefined; end_time?: Date | undefined }) =>
  !value.start_time || !value.end_time || value.end_time.getTime() > value.start_time.getTime();
const endAfterStartIssue = { message: agendaMessages.endBeforeStart, path: ['end_time'] };

export const programmeEventQuerySchema = z.object({ event: z.uuid() });

/** A library video as a session lists it, in play order. */
export const sessionVideoSchema = z.object({
  id: z.string(),
  name: z.string(),
  duration: z.number().nullable(),
  transcode_status: z.string().nullable(),
});
export type SessionVideo = z.infer<typeof sessionVideoSchema>;

export const broadcastSchema = z.object({
  id: z.string(),
  event: z.string(),
  title: z.string(),
  description: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  broadcast_type: z.enum(BROADCAST_TYPES),
  is_live: z.boolean(),
  simulive_test_run_end_time: z.string().nullable(),
  test_simulive_processing_state: z.enum(SIMULIVE_TEST_STATES).nullable(),
  video_assets: z.array(sessionVideoSchema),
  /** Filled by the people area. */
  speakers: z.array(z.string()),
  /** The tracks the session's agenda blocks are in. */
  tracks: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

const broadcastFields = {
  title,
  description: z.string().max(20_000).optional(),
  start_time: dateTimeSchema,
  end_time: dateTimeSchema,
  broadcast_type: z.enum(BROADCAST_TYPES),
  tracks: z.array(z.uuid()).max(100).optional(),
  video_assets: z.array(z.uuid()).max(100).optional(),
};
export const createBroadcastRequestSchema = z
  .object({ event: z.uuid(), ...broadcastFields })
  .refine(endAfterStart, endAfterStartIssue);
export type CreateBroadcastRequest = z.output<typeof createBroadcastRequestSchema>;
export const updateBroadcastRequestSchema = z
  .object({
    ...broadcastFields,
    title: title.optional(),
    start_time: dateTimeSchema.optional(),
    end_time: dateTimeSchema.optional(),
    broadcast_type: z.enum(BROADCAST_TYPES).optional(),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type UpdateBroadcastRequest = z.output<typeof updateBroadcastRequestSchema>;

export const trackSchema = z.object({
  id: z.string(),
  event: z.string(),
  title: z.string(),
  sort_priority: z.number().int(),
  /** Spec 001 §3: the track's agenda items, comma-joined ids in time order. */
  agenda_items: z.string(),
});
export type Track = z.infer<typeof trackSchema>;
export const createTrackRequestSchema = z.object({
  event: z.uuid(),
  title,
  sort_priority: z.number().int().min(0).max(10_000).optional(),
});
export const updateTrackRequestSchema = z.object({
  title: title.optional(),
  sort_priority: z.number().int().min(0).max(10_000).optional(),
});
/** PUT /api/event/tracks/bulk/: every track of the event, renamed and reordered in one go. */
export const bulkTracksRequestSchema = z.object({
  event: z.uuid(),
  tracks: z
    .array(z.object({ id: z.uuid(), title, sort_priority: z.number().int().min(0).max(10_000) }))
    .min(1)
    .max(100),
});
export type BulkTracksRequest = z.output<typeof bulkTracksRequestSchema>;

export const agendaItemSchema = z.object({
  id: z.string(),
  event: z.string(),
  track: z.string(),
  kind: z.enum(AGENDA_ITEM_KINDS),
  broadcast: z.string().nullable(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** The session blocks of the same track whose times overlap this one's (sessions only). */
  overlaps: z.array(z.string()),
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;
export const createAgendaItemRequestSchema = z
  .object({
    event: z.uuid(),
    track: z.uuid(),
    kind: z.enum(AGENDA_ITEM_KINDS),
    broadcast: z.uuid().nullable().optional(),
    title: title.optional(),
    start_time: dateTimeSchema.optional(),
    end_time: dateTimeSchema.optional(),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type CreateAgendaItemRequest = z.output<typeof createAgendaItemRequestSchema>;
export const updateAgendaItemRequestSchema = z
  .object({
    track: z.uuid().optional(),
    title: title.optional(),
    start_time: dateTimeSchema.optional(),
    end_time: dateTimeSchema.optional(),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type UpdateAgendaItemRequest = z.output<typeof updateAgendaItemRequestSchema>;

interface Timed {
  id: string;
  track: string;
  kind: AgendaItemKind;
  start_time: string | Date;
  end_time: string | Date;
}
const ms = (value: string | Date) => new Date(value).getTime();

/**
 * The session blocks each session block overlaps in its track (spec 002 §8.6 "track has
 * overlapping sessions"); blocks that only touch do not overlap.
 */
export function overlapsByTrack(items: readonly Timed[]): Map<string, string[]> {
  const overlaps = new Map<string, string[]>(items.map((item) => [item.id, []]));
  const byTrack = new Map<string, Timed[]>();
  for (const item of items)
    if (item.kind === 'session') byTrack.set(item.track, [...(byTrack.get(item.track) ?? []), item]);
  for (const sessions of byTrack.values()) {
    const sorted = [...sessions].sort((a, b) => ms(a.start_time) - ms(b.start_time));
    sorted.forEach((item, index) => {
      for (const later of sorted.slice(index + 1)) {
        if (ms(later.start_time) >= ms(item.end_time)) break;
        overlaps.get(item.id)!.push(later.id);
        overlaps.get(later.id)!.push(item.id);
      }
    });
  }
  return overlaps;
}

/** Spec 002 §8.6: the videos' total against the session's length, with the 2-minute margin. */
export function videoLengthCheck(
  session: { start_time: string | Date; end_time: string | Date },
  videos: readonly { duration: number | null }[],
): { totalSeconds: number; sessionSeconds: number; problem: 'too-long' | 'too-short' | null } {
  const totalSeconds = videos.reduce((sum, video) => sum + (video.duration ?? 0), 0);
  const sessionSeconds = (ms(session.end_time) - ms(session.start_time)) / 1000;
  const margin = SESSION_MARGIN_MS / 1000;
  if (videos.length === 0) return { totalSeconds, sessionSeconds, problem: null };
  const problem =
    totalSeconds + margin > sessionSeconds
      ? 'too-long'
      : totalSeconds < sessionSeconds - margin
        ? 'too-short'
        : null;
  return { totalSeconds, sessionSeconds, problem };
}

/** The calendar day (YYYY-MM-DD) of an instant in a timezone. */
export function dayIn(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** Multi-day agendas group by day in the event's timezone (each day's items in time order). */
export function agendaDays<T extends { start_time: string | Date }>(
  items: readonly T[],
  timeZone: string,
): { day: string; items: T[] }[] {
  const days = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => ms(a.start_time) - ms(b.start_time))) {
    const day = dayIn(item.start_time, timeZone);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days].map(([day, dayItems]) => ({ day, items: dayItems }));
}

/** Spec 002 §6: the plan feature a programme change needs, given what the event already has. */
export function agendaPlanFeature(change: {
  broadcastType?: BroadcastType | undefined;
  sessionsBefore?: number | undefined;
  tracksBefore?: number | undefined;
  /** The session's day differs from the event's first day (event timezone). */
  laterDay?: boolean | undefined;
}): PricingFeatureKey[] {
  const needs: PricingFeatureKey[] = [];
  if (change.broadcastType === 'SIMULIVE') needs.push('prerecordedSessions');
  if (change.broadcastType === 'RTMP') needs.push('rtmp');
  if ((change.sessionsBefore ?? 0) >= 1) needs.push('multiSession');
  if ((change.tracksBefore ?? 0) >= 1) needs.push('multiTrack');
  if (change.laterDay) needs.push('multiDay');
  return needs;
}

/**
 * Spec 002 §5.2: what rich text may hold — headings 1-6, bold, italic, strike, lists, a rule,
 * links and alignment. The server keeps only these (and https/mailto links) from what it stores.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  's',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
] as const;
export const RICH_TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
