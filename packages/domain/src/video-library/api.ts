import { z } from 'zod';
import {
  booleanQuery,
  manyValues,
  pageQuery,
  required,
  requiredText,
  searchQuery,
  timestampFields,
} from '../events/query.ts';
import { NO_TEAM } from './constants.ts';
import { VIDEO_NAME_MAX_LENGTH } from './rename.ts';
import { creationTypeSchema, videoSourceInputSchema } from './statuses.ts';

const nullableUrl = z.string().nullable();

/** The person who created an asset, as the library reads it. */
export const videoCreatorSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });

export const videoChapterSchema = z.object({ title: z.string(), start_time: z.number() });

/**
 * A video asset, answering both readings of spec 000 §3 and 002 §3.4: the wider library's
 * snake_case fields, plus the table's derived ones (status, selectable, errors, warnings …).
 * `transcoder_warnings` / `transcoder_errors` hold the catalogue's messages; URLs are absolute.
 */
export const videoAssetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  organization: z.string(),
  workspace: z.string().nullable(),
  /** The team's name (the Team Workspace column); null without a team. */
  workspace_name: z.string().nullable(),
  /** The event the video belongs to (its recording, or uploaded for it). */
  event: z.string().nullable(),
  source: z.string(),
  creation_type: z.string(),
  transcode_status: z.string().nullable(),
  transcoder_warnings: z.array(z.string()),
  transcoder_errors: z.array(z.string()),
  duration: z.number().nullable(),
  thumbnail: nullableUrl,
  urls: z.object({
    thumbnail: nullableUrl,
    hls: nullableUrl,
    mp4: nullableUrl,
    /** WebVTT captions from its transcript (also a subtitles playlist of the HLS), when it has one. */
    captions: nullableUrl.optional(),
  }),
  /** Object key of the master playlist; `client_hls_path` is a Content Lab upload's own (none here). */
  hls_path: z.string().nullable(),
  client_hls_path: z.string().nullable(),
  /** Object key of the downloadable mp4. */
  path: z.string().nullable(),
  created_by: videoCreatorSchema.nullable(),
  ...timestampFields,
  video_usage_count: z.number().int(),
  metadata: z.object({ chapters: z.array(videoChapterSchema) }),
  transcript: z.object({ url: z.string(), items: z.array(z.unknown()) }).nullable(),
  // The table's reading (spec 000 §3), derived by the domain rules.
  status: z.string(),
  selectable: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  creationType: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  usageCount: z.number().int(),
});
export type VideoAsset = z.infer<typeof videoAssetSchema>;

export const VIDEO_ORDERINGS = ['name', '-name', 'created_at', '-created_at'] as const;
export type VideoOrdering = (typeof VIDEO_ORDERINGS)[number];

/** Spec 000 §7 / 002 §7.3: every parameter the library's list calls send. */
export const videoAssetListQuerySchema = z.object({
  ...pageQuery,
  /** A `next` link's keyset cursor (opaque). */
  after: z.string().max(512).optional(),
  search: searchQuery,
  ordering: z.enum(VIDEO_ORDERINGS).default('-created_at'),
  /** A workspace id, 'no-team' for assets without one, or empty for all. */
  workspace: z.union([z.literal(''), z.literal(NO_TEAM), z.uuid()]).optional(),
  workspace__isnull: booleanQuery.optional(),
  source: manyValues(videoSourceInputSchema).optional(),
  created_by: manyValues(z.uuid()).optional(),
  event_ids: manyValues(z.uuid()).optional(),
  event_tag: z.string().trim().min(1).optional(),
  series_id: z.uuid().optional(),
  creation_type: manyValues(creationTypeSchema).optional(),
  /**
   * With event_ids, event_tag or series_id: also the library videos those events use (their usage
   * entries: buffer video, sessions' videos, booth heroes), beside their own recordings and uploads.
   */
  include_used: booleanQuery.optional(),
  /** The caller's organisation; another one answers 404. */
  organization: z.uuid().optional(),
});
export type VideoAssetListQuery = z.infer<typeof videoAssetListQuerySchema>;

export const eventAssetsQuerySchema = z.object({
  event_id: manyValues(z.uuid()),
  organization: z.uuid().optional(),
});

const formNumber = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().min(0).optional(),
);

/**
 * Spec 000 §3 "Upload form": the create call's form-style body (multipart, urlencoded or JSON).
 * `uploaded` is the tus upload's URL; the thumbnail arrives as a file part (thumbnail_to_upload).
 */
export const createVideoAssetRequestSchema = z.object({
  id: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional()),
  name: requiredText(VIDEO_NAME_MAX_LENGTH),
  /** The caller's organisation when left out (a standalone Content Lab user knows no id of their space). */
  organization: z.uuid().optional(),
  asset_type: z.literal('VIDEO').default('VIDEO'),
  uploaded: z.string().min(1, required),
  duration: formNumber,
  workspace: z.preprocess(
    (value) => (value === '' || value === 'null' ? null : value),
    z.uuid().nullable().optional(),
  ),
  /** Optional: the event the video is uploaded for. */
  event: z.preprocess((value) => (value === '' || value === 'null' ? undefined : value), z.uuid().optional()),
  description: z.string().max(5000).optional(),
  /**
   * Spec 000 §3 sources: CL_UPLOAD for a video imported into Content Lab (its clips are cut from
   * it); a library upload (UPLOAD) otherwise.
   */
  source: z.enum(['UPLOAD', 'CL_UPLOAD']).optional(),
});
export type CreateVideoAssetRequest = z.infer<typeof createVideoAssetRequestSchema>;

/** Rename by id (body `name`), and the description the video page edits (blank clears it). */
export const updateVideoAssetRequestSchema = z.object({
  name: z.string(),
  description: z.string().trim().max(5000).nullable().optional(),
});
export type UpdateVideoAssetRequest = z.infer<typeof updateVideoAssetRequestSchema>;

/** Spec 000 §7: the second rename call, for CL_UPLOAD, CLIP, EVENT_RECORDING and DIRECT_RECORDING. */
export const renameByLibraryIdRequestSchema = z.object({ video_library_id: z.uuid(), title: z.string() });

export const renameAnswerSchema = z.object({ message: z.string(), id: z.string(), name: z.string() });

export const transcodeAnswerSchema = z.object({
  id: z.string(),
  transcode_status: z.string(),
  message: z.string(),
});

/** Spec 000 §3's entity types (its examples), and a series whose built page shows the video. */
export const USAGE_ENTITY_TYPES = ['EVENT', 'HUB', 'STUDIO_EVENT_TEMPLATE', 'SERIES'] as const;
export type UsageEntityType = (typeof USAGE_ENTITY_TYPES)[number];

/** Spec 000 §3 "Usage entry"; an entry without entity_id is shown as DELETED. */
export const videoUsageEntrySchema = z.object({
  entity_id: z.string().nullable(),
  entity_title: z.string().nullable(),
  entity_subtype: z.string().nullable(),
  entity_type: z.string(),
  entity_created_date: z.string().nullable(),
});
export type VideoUsageEntry = z.infer<typeof videoUsageEntrySchema>;

/** Spec 000 §3: usage subtype labels. */
export const USAGE_SUBTYPE_LABELS: Record<string, string> = {
  RECORDING: 'Recording',
  CONFERENCE: 'Conference or Event',
  WEBINAR: 'Webinar',
};

/** A usage entry's subtype: its event's type ('Webinar' → WEBINAR); none without one. */
export const usageSubtypeOf = (eventType: string | null): string | null => eventType?.toUpperCase() ?? null;
