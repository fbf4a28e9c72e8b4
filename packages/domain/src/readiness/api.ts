import { z } from 'zod';

export const READINESS_AREAS = ['agenda', 'people', 'media', 'simulive', 'email', 'series'] as const;
export type ReadinessArea = (typeof READINESS_AREAS)[number];

export const READINESS_KEYS = [
  'NO_SESSIONS',
  'ITEM_NOT_IN_TRACK',
  'SESSION_WITHOUT_SPEAKERS',
  'SESSION_NOT_IN_TRACK',
  'TRACK_OVERLAPPING_SESSIONS',
  'SESSION_WITHOUT_VIDEO',
  'STAFF_TECH_CHECK',
  'STAFF_NO_BROADCASTS',
  'SPEAKER_TECH_CHECK',
  'SPEAKER_NO_BROADCASTS',
  'BUFFER_VIDEO_PROBLEM',
  'VIDEO_PROBLEM',
  'NO_PROCESSED_VIDEOS',
  'RECORDING_WITHOUT_VIDEO',
  'VIDEO_PROCESSING_ERROR',
  'SIMULIVE_VIDEO_LENGTH',
  'TEMPLATE_MISSING_MAGIC_LINK',
  'TEMPLATE_MISSING_QR_OR_LOCATION',
  'CONFIRMATIONS_OFF',
  'SERIES_MISSING_ENTRANCE_LINKS',
  'SERIES_EVENT_LIST_ROWS',
  'SERIES_CONFIRMATIONS_OFF',
] as const;
export type ReadinessKey = (typeof READINESS_KEYS)[number];

/** 002 §3.15: a readiness warning item, with the source fields that apply to it. */
export const readinessWarningSchema = z.object({
  key: z.enum(READINESS_KEYS),
  area: z.enum(READINESS_AREAS),
  message: z.string(),
  actionRequired: z.string(),
  /** The studio page where it is fixed; null when the person may not change it (002 §6). */
  action: z.string().nullable(),
  entityId: z.string().nullable(),
  agenda_item_id: z.string().optional(),
  agenda_item_title: z.string().optional(),
  broadcast_id: z.string().optional(),
  broadcast_title: z.string().optional(),
  user_id: z.string().optional(),
  user_first_name: z.string().optional(),
  user_last_name: z.string().optional(),
  video_name: z.string().optional(),
  name: z.string().optional(),
  event_template_id: z.string().optional(),
  email_type: z.string().optional(),
  error_type: z.string().optional(),
  videos: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
});
export type ReadinessWarning = z.infer<typeof readinessWarningSchema>;

/**
 * The alert centre's checks (002 §7.11, checklist Q `failed_checks`):
 * GET /api/event/{id}/alert_centre/ and GET /api/event/series/{id}/alert_centre/.
 */
export const alertCentreSchema = z.object({ failed_checks: z.array(readinessWarningSchema) });
export type AlertCentre = z.infer<typeof alertCentreSchema>;

export const eventAlertCentrePath = (eventId: string) =>
  `/api/event/${encodeURIComponent(eventId)}/alert_centre/`;
export const seriesAlertCentrePath = (seriesId: string) =>
  `/api/event/series/${encodeURIComponent(seriesId)}/alert_centre/`;

/** Pushed to an event's sockets when something its readiness reads may have changed: refetch. */
export const READINESS_UPDATED = 'readiness-updated';
export const readinessUpdatedMessageSchema = z.object({
  type: z.literal(READINESS_UPDATED),
  /** null: an organisation-wide change (a library video): every open event refetches. */
  data: z.object({ eventId: z.string().nullable() }),
});
export type ReadinessUpdatedMessage = z.infer<typeof readinessUpdatedMessageSchema>;
