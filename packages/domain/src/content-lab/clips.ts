import { z } from 'zod';
import { chapterTime } from '../pages/page-render.ts';

/** Issue 37 §3: a clip is at least a second long (a thumbnail is taken at 1 s, spec 000 §5). */
export const CLIP_MIN_SECONDS = 1;

/** Messages of the clip calls (our design: spec 000 leaves them "not shown"). */
export const clipMessages = {
  endBeforeStart: 'The clip must end after it starts.',
  tooShort: 'A clip must be at least 1 second long.',
  startBelowZero: 'The start must be 0 or more.',
  startOutsideVideo: 'The start must be within the video ({duration}).',
  outsideVideo: 'The end must be within the video ({duration}).',
  durationUnknown: 'The length of this video is not known yet.',
  clipCreated: 'Clip created. It is being processed...',
  clipDeleted: 'Clip deleted successfully.',
  sharingOn: 'Anyone with the link can watch this clip.',
  sharingOff: 'Sharing stopped: the link no longer opens the clip.',
  removedFromLibrary: 'Deleted from the Video Library',
  noClips: 'No clips yet',
  makeFirstClip: 'Select a range on the transcript or the timeline to make a clip.',
  noVideos: 'No videos to clip yet',
  notShared: 'This clip is not shared.',
  openSharedClip: 'Open the clip',
  stillProcessing: 'This clip is still being processed. Please come back in a moment.',
  publish: 'Publish to Video Library',
  clipPublished: 'Clip published to the Video Library.',
  notReadyToPublish: 'Only a processed clip that is not in the Video Library yet can be published.',
} as const;

/** How far past the video's length an end may be typed (rounding): the clip ends with the video. */
export const CLIP_END_TOLERANCE_SECONDS = 0.05;

export interface ClipRangeIssue {
  path: 'start_time' | 'end_time';
  message: string;
}

/**
 * What is wrong with a clip's range (seconds), each on its field: the form's and the server's one
 * rule. A range outside the video is refused, never clamped; `duration` null: not known yet (the
 * server refuses that on its own).
 */
export function clipRangeIssues(
  range: { start_time: number; end_time: number },
  duration: number | null,
): ClipRangeIssue[] {
  const issues: ClipRangeIssue[] = [];
  const length = duration === null ? '' : chapterTime(duration);
  if (range.start_time < 0) issues.push({ path: 'start_time', message: clipMessages.startBelowZero });
  else if (duration !== null && range.start_time >= duration)
    issues.push({
      path: 'start_time',
      message: clipMessages.startOutsideVideo.replace('{duration}', length),
    });
  if (duration !== null && range.end_time > duration + CLIP_END_TOLERANCE_SECONDS)
    issues.push({ path: 'end_time', message: clipMessages.outsideVideo.replace('{duration}', length) });
  else if (range.end_time <= range.start_time)
    issues.push({ path: 'end_time', message: clipMessages.endBeforeStart });
  else if (range.end_time - range.start_time < CLIP_MIN_SECONDS)
    issues.push({ path: 'end_time', message: clipMessages.tooShort });
  return issues;
}

/** The create call: a range of the video (seconds), optionally vertical 9:16 with a crop. */
export const createClipRequestSchema = z
  .object({
    video_asset: z.string(),
    name: z.string().trim().max(255).optional(),
    start_time: z.number(),
    end_time: z.number(),
    vertical: z.boolean().default(false),
    /** Where the 9:16 window sits across the picture: 0 left … 1 right. */
    crop_x: z.number().min(0).max(1).default(0.5),
  })
  .superRefine((clip, context) => {
    // The video's length is the server's to check (it reads the video).
    for (const issue of clipRangeIssues(clip, null))
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CreateClipRequest = z.input<typeof createClipRequestSchema>;

/** The share toggle (revocable sharing of `/shared/clip/{clipId}`) and the name. */
export const updateClipRequestSchema = z.object({
  shared: z.boolean().optional(),
  name: z.string().trim().min(1).max(255).optional(),
});

export const clipListQuerySchema = z.object({
  video_asset: z.string(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/**
 * A clip as Content Lab reads it. `status` is the transcode status of its CLIP library video
 * (spec 000 §4), PROGRESSING while it is being cut; `video_library_id` is null once the video was
 * deleted from the Video Library (the clip stays in Content Lab).
 */
export const clipSchema = z.object({
  id: z.string(),
  /** The Content Lab project it was cut in (its id in `/content/{project}/…`). */
  project: z.string().nullable(),
  video_asset: z.string().nullable(),
  video_library_id: z.string().nullable(),
  name: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  duration: z.number(),
  vertical: z.boolean(),
  crop_x: z.number(),
  shared: z.boolean(),
  status: z.string(),
  /** 0…1 while it is being cut. */
  progress: z.number().nullable(),
  /** How it was cut: copy (stream copy on a keyframe) or encode (frame-accurate, or cropped). */
  cut: z.enum(['copy', 'encode']).nullable(),
  error: z.string().nullable(),
  hls_url: z.string().nullable(),
  mp4_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** The public page on the attendee origin. */
  share_url: z.string(),
  created_at: z.string(),
});
export type Clip = z.infer<typeof clipSchema>;

/** A clip's cut, the step before its video is processed like any library video. */
export const CLIP_CUT_STATUSES = ['QUEUED', 'CUTTING', 'DONE', 'ERROR'] as const;
export type ClipCutStatus = (typeof CLIP_CUT_STATUSES)[number];

/**
 * Pushed to the organisation's sockets (those that see its workspace) at each step and progress
 * of a clip's cut; its processing after the cut is its library video's `video-asset-updated`.
 */
export const CLIP_UPDATED = 'clip-updated';
export const clipUpdatedMessageSchema = z.object({
  type: z.literal(CLIP_UPDATED),
  data: z.object({
    id: z.string(),
    /** The video it is cut from. */
    video_asset: z.string().nullable(),
    video_library_id: z.string().nullable(),
    cut: z.enum(CLIP_CUT_STATUSES),
    /** 0…1 while it is being cut. */
    progress: z.number().nullable(),
  }),
});

/** Content Lab's address of a video's clips (spec 000 §4): `/content/{project}/{id}/clips?activeClipId=`. */
export const contentLabClipsPath = (project: string, videoId: string, activeClipId?: string) =>
  `/content/${project}/${videoId}/clips${activeClipId ? `?activeClipId=${encodeURIComponent(activeClipId)}` : ''}`;

/** The public page of a shared clip. */
export const sharedClipPath = (clipId: string) => `/shared/clip/${clipId}`;

/**
 * The studio origin's `/shared/clip/{clipId}` and `/shared/post/{postId}` ask where the shared page
 * is (public; 404 when not shared).
 */
export const sharedLinkSchema = z.object({ share_url: z.string() });
export const sharedClipLinkPath = (clipId: string) => `/api/content_lab/shared_clips/${clipId}/`;

/**
 * Spec 000 §4 "Upload flows": a Content Lab upload still PROGRESSING opens its import page
 * (/content/import/{project}/{id}/); any other video its recordings page (/content/{project}/{id}/recordings).
 */
export function contentLabVideoPath(
  project: string,
  video: { id: string; source: string; transcode_status: string | null },
): string {
  return video.source === 'CL_UPLOAD' && video.transcode_status === 'PROGRESSING'
    ? `/content/import/${project}/${video.id}/`
    : `/content/${project}/${video.id}/recordings`;
}

/**
 * Spec 000 §7 "Clip edit lookup": Content Lab uploads are looked up by `video_library_id`, other
 * sources by `video_asset` (either names the library video here).
 */
export const editLinkQuerySchema = z
  .object({ video_asset: z.string().optional(), video_library_id: z.string().optional() })
  .refine((query) => Boolean(query.video_asset ?? query.video_library_id), {
    message: 'video_asset or video_library_id is required.',
    path: ['video_asset'],
  });

/**
 * Where a library video is edited in Content Lab: read as `id`, `project_id` and `url` (Content Lab
 * uploads) or `content.id` and `content.project.id` (other sources); a CLIP opens its clip.
 */
export const editLinkSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  url: z.string(),
  content: z.object({ id: z.string(), project: z.object({ id: z.string() }) }),
});
export type EditLink = z.infer<typeof editLinkSchema>;
