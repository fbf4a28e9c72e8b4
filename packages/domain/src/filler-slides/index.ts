import { z } from 'zod';
import { pageSchema } from '../api.ts';
import {
  booleanQuery,
  pageQuery,
  searchQuery,
  timestampFields,
  workspaceFilterQuery,
} from '../events/query.ts';
import { imageProblem } from '../files/image-rules.ts';
import { UPLOAD_PRESETS } from '../files/presets.ts';
import { messages } from '../messages.ts';
import { validateVideoName } from '../video-library/rename.ts';
import { videoLibraryMessages } from '../video-library/messages.ts';

/** Spec 002 §8.1 (filler slides) and §2.1 (the module and its dialog). */
export const fillerSlideMessages = {
  renamed: 'Filler slide renamed successfully.',
  deleted: 'Filler slide deleted successfully.',
  loadFailed: 'The filler slide could not be loaded.',
  nameEmpty: videoLibraryMessages.videoNameEmpty,
  uploadFailed: videoLibraryMessages.fileUploadFailedLower,
  deleteFailed: messages.somethingWentWrong,
  wrongRatio: UPLOAD_PRESETS.fillerSlide.image.message,
  dialogTitle: 'Select Filler Slide',
  moduleTitle: 'Filler slide',
  moduleHelp:
    'Shown as a loading screen before prerecorded videos start and after they end when switching back to live speakers. Image size 1920x1080.',
  deleteTitle: 'Are you sure?',
  deleteBody: (name: string) => `You are deleting the filler slide ${name}. This action cannot be undone.`,
  deleting: 'Deleting...',
  // Ours, not quoted by the spec: the refusals of an event's `filler_slide` and of a delete.
  notInOrganization: "Filler slide does not belong to Event's Organization",
  notGenerated: 'Cannot add a filler slide that is not processed yet.',
  inUse: 'This filler slide is used by an event or a template. Remove it there first.',
  imageMissing: 'The uploaded image could not be found. Upload it again.',
  // Ours: the dialog's search, loading and empty states.
  searchPlaceholder: 'Search filler slides',
  loadingSlides: 'Loading filler slides',
  noSlides: 'No filler slides yet. Upload an image above to make one.',
  noSlidesMatching: 'No filler slides match your search.',
} as const;

/** The editor's module id kept in the URL hash (002 §2.1). */
export const FILLER_SLIDE_MODULE = 'fillerSlide';

/** Server states (002 §4.2): NOT_GENERATED while queued, PROCESSING while encoding, FAILED after the last retry. */
export const FILLER_SLIDE_STATES = ['NOT_GENERATED', 'PROCESSING', 'GENERATED', 'FAILED'] as const;
export type FillerSlideState = (typeof FILLER_SLIDE_STATES)[number];

/** Spec 002 §4.2: the status label of a server state; any unknown value reads 'Processing Stopped'. */
export function fillerSlideStatus(state: string | null | undefined): string {
  if (state === 'PROCESSING' || state === 'NOT_GENERATED' || !state) return 'Processing...';
  if (state === 'GENERATED') return 'Processed';
  return 'Processing Stopped';
}

/** Spec 002 §5.6: an image the browser and the server both check before it becomes a filler slide. */
export const FILLER_SLIDE_IMAGE = {
  ...UPLOAD_PRESETS.fillerSlide.image,
  maxBytes: UPLOAD_PRESETS.fillerSlide.maxBytes,
  width: 1920,
  height: 1080,
} as const;

/** The message to show for a picked filler image, or null when it may be uploaded. */
export function fillerImageProblem(file: { size: number; width: number; height: number }): string | null {
  if (file.size > FILLER_SLIDE_IMAGE.maxBytes) return FILLER_SLIDE_IMAGE.message;
  return imageProblem(file, FILLER_SLIDE_IMAGE);
}

/** The rename rule of videos (required after trimming, ≤ 255), 'Video name cannot be empty.' */
const fileNameSchema = z.string().transform((name, context) => {
  const checked = validateVideoName(name);
  if (checked.ok) return checked.name;
  context.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

/** Spec 002 §3.3: the asset as the server answers it; the URLs are the content host plus the paths. */
export const fillerSlideSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  organization: z.string(),
  workspace: z.string().nullable(),
  broadcast_filler_image_s3_path: z.string(),
  broadcast_filler_video_s3_path: z.string().nullable(),
  broadcast_filler_state: z.string(),
  status: z.string(),
  image_url: z.string(),
  video_url: z.string().nullable(),
  hls_url: z.string().nullable(),
  ...timestampFields,
});
export type FillerSlide = z.infer<typeof fillerSlideSchema>;
export const fillerSlidePageSchema = pageSchema(fillerSlideSchema);
export type FillerSlidePage = z.infer<typeof fillerSlidePageSchema>;

/** Spec 002 §7.1 create: the uploaded image's key (general file upload) and the event's workspace or null. */
export const createFillerSlideRequestSchema = z.object({
  file_name: fileNameSchema,
  organization: z.string().optional(),
  broadcast_filler_image_s3_path: z.string().min(1).max(1024),
  workspace: z.uuid().nullable().optional(),
});
export type CreateFillerSlideRequest = z.input<typeof createFillerSlideRequestSchema>;

/** Spec 002 §7.1 rename: `{file_name}`. */
export const renameFillerSlideRequestSchema = z.object({ file_name: fileNameSchema });
export type RenameFillerSlideRequest = z.input<typeof renameFillerSlideRequestSchema>;

export const FILLER_SLIDE_ORDERINGS = ['-created_at', 'created_at', 'file_name', '-file_name'] as const;
export const FILLER_SLIDE_PAGE_SIZE = 20;

/** Spec 002 §7.1 list: `ordering=-created_at`, `uploaded=true` (only slides whose image is uploaded), paging, filters. */
export const fillerSlideListQuerySchema = z.object({
  ...pageQuery,
  ordering: z.enum(FILLER_SLIDE_ORDERINGS).default('-created_at'),
  uploaded: booleanQuery.optional(),
  search: searchQuery,
  broadcast_filler_state: z.enum(FILLER_SLIDE_STATES).optional(),
  ...workspaceFilterQuery,
});
export type FillerSlideListQuery = z.output<typeof fillerSlideListQuerySchema>;

/** Pushed to the organisation's sockets at each state change of a filler slide. */
export const FILLER_SLIDE_UPDATED = 'filler-slide-updated';
export const fillerSlideUpdatedMessageSchema = z.object({
  type: z.literal(FILLER_SLIDE_UPDATED),
  data: z.object({
    id: z.string(),
    workspace: z.string().nullable(),
    broadcast_filler_state: z.string(),
    deleted: z.boolean().optional(),
  }),
});

/** The codes the server answers for a refused `filler_slide` of an event or template. */
export const FILLER_SLIDE_ERRORS = {
  FILLER_SLIDE_DOESNOT_BELONG_TO_ORGANIZATION: fillerSlideMessages.notInOrganization,
  UNPROCESSED_FILLER_SLIDE: fillerSlideMessages.notGenerated,
} as const;
export type FillerSlideError = keyof typeof FILLER_SLIDE_ERRORS;

/** The event's and template's field (002 §3.1): a filler slide's id or null. */
export const fillerSlideFieldSchema = z.uuid().nullable().optional();
