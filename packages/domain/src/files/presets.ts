import { z } from 'zod';
import { UPLOADER_DEFAULT_MAX_BYTES } from '../video-library/constants.ts';
import { videoLibraryMessages } from '../video-library/messages.ts';
import type { ImageRule } from './image-rules.ts';
import { recordKeys } from '../records.ts';

/** Spec 000 §5: the uploader's default maximum size (50 MB). */
export const FILE_UPLOAD_DEFAULT_MAX_BYTES = UPLOADER_DEFAULT_MAX_BYTES;

export const filesMessages = {
  svgNotAllowed: videoLibraryMessages.svgNotAllowed,
  uploadFailed: videoLibraryMessages.fileUploadFailed,
  notAccepted: 'This type of file is not accepted here.',
  nameMismatch: "The file's content does not match its name.",
  trailingData: 'The file holds data after its end and is refused.',
  unreadable: 'The file could not be read as an image.',
  tooLarge: 'The file is larger than the maximum allowed size.',
  linkInvalid: 'This upload link is invalid or has expired.',
  linkUsed: 'This upload link was already used.',
  invalidKey: 'Use organization/<name>, events/<event id>/<name> or social-thumbnails/<name>.',
} as const;

/** What a stored file is, by its content. */
export type FileKind = 'jpeg' | 'png' | 'webp' | 'ico' | 'ttf' | 'otf' | 'woff' | 'woff2' | 'pdf';

/** Extensions a key's name may carry for each kind (the content type is served from it). */
export const FILE_EXTENSIONS: Record<FileKind, readonly string[]> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  ico: ['ico'],
  ttf: ['ttf'],
  otf: ['otf'],
  woff: ['woff'],
  woff2: ['woff2'],
  pdf: ['pdf'],
};

const IMAGES: readonly FileKind[] = ['jpeg', 'png', 'webp'];
const FONTS: readonly FileKind[] = ['ttf', 'otf', 'woff', 'woff2'];

export interface UploadPreset {
  accepts: readonly FileKind[];
  maxBytes?: number;
  image?: ImageRule;
}

const wide = 'Upload a 4:3 JPEG or PNG between 1,024px and 2,400px wide.';
const portrait = 'Upload a 3:4 JPEG or PNG between 600px and 1,200px wide.';
const max1600 =
  'The file upload failed. Your image is outside the recommended resolution (maximum of 1600px in height and width). Images must be JPEG, JPG or PNG.';
// Not quoted by the spec (002 §5.6 gives only the favicon's limits): our wording.
const favicon = 'Upload a square image of at most 32x32 pixels.';
const fillerSlide = 'The aspect ratio of your upload should match 1920x1080 (16:9) aspect ratio.';

/** Spec 002 §5.6 (images) and §5.5 (fonts): what each upload place accepts and checks. */
export const UPLOAD_PRESETS = {
  /** Default upload image types jpg, jpeg, webp, png, ico; unassigned images at most 1600 px. */
  image: { accepts: [...IMAGES, 'ico'], image: { maxWidth: 1600, maxHeight: 1600, message: max1600 } },
  wide: {
    accepts: [...IMAGES, 'ico'],
    image: { aspectRatioRange: { min: 4 / 3, max: 16 / 9 }, maxWidth: 2400, maxHeight: 2400, message: wide },
  },
  portrait: {
    accepts: IMAGES,
    image: {
      aspectRatioRange: { min: 9 / 16, max: 3 / 4 },
      maxWidth: 1600,
      maxHeight: 1600,
      message: portrait,
    },
  },
  logo: { accepts: IMAGES, image: { maxWidth: 1600, maxHeight: 1600, message: max1600 } },
  wide1600: {
    accepts: IMAGES,
    image: {
      aspectRatioRange: { min: 4 / 3, max: 16 / 9 },
      maxWidth: 1600,
      maxHeight: 1600,
      message: fillerSlide,
    },
  },
  fillerSlide: {
    accepts: IMAGES,
    maxBytes: 1_048_576_000,
    image: { aspectRatio: 16 / 9, maxWidth: 2400, maxHeight: 2400, message: fillerSlide },
  },
  favicon: {
    accepts: [...IMAGES, 'ico'],
    image: { aspectRatio: 1, maxWidth: 32, maxHeight: 32, message: favicon },
  },
  socialThumbnail: { accepts: IMAGES },
  font: { accepts: FONTS },
  /** A session's document (the Docs tab): a PDF or an image. */
  document: { accepts: ['pdf', ...IMAGES] },
} as const satisfies Record<string, UploadPreset>;

export type UploadPresetName = keyof typeof UPLOAD_PRESETS;
export const UPLOAD_PRESET_NAMES = recordKeys(UPLOAD_PRESETS);

/** `{scope}/{name}`: the organisation, one event, or the social thumbnails; names as object keys allow. */
export const FILE_KEY_PATTERN =
  /^(organization|social-thumbnails|events\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** `POST /api/core/files/signed_url/` (spec 001 §7: a signed URL for a key and a file type, then PUT). */
export const signedUrlRequestSchema = z.object({
  key: z.string().regex(FILE_KEY_PATTERN, filesMessages.invalidKey),
  file_type: z.string().min(1).max(100),
  preset: z.enum(UPLOAD_PRESET_NAMES).default('image'),
});
export type SignedUrlRequest = z.input<typeof signedUrlRequestSchema>;

export const signedUrlResponseSchema = z.object({
  url: z.string(),
  key: z.string(),
  content_url: z.string(),
});
export type SignedUrlResponse = z.infer<typeof signedUrlResponseSchema>;

/** Widths of the resized copies kept of a large image, asked for as `content_url?w=640`. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;
