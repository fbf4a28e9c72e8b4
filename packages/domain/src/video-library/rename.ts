import { z } from 'zod';
import { videoLibraryMessages } from './messages.ts';

export const VIDEO_NAME_MAX_LENGTH = 255;

/**
 * Spec 000 §5 "Video name (rename)": required after trimming, at most 255 characters. Answers
 * the trimmed name, or the message to show.
 */
export function validateVideoName(name: string): { ok: true; name: string } | { ok: false; message: string } {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, message: videoLibraryMessages.videoNameEmpty };
  if (trimmed.length > VIDEO_NAME_MAX_LENGTH)
    return { ok: false, message: `Ensure this field has no more than ${VIDEO_NAME_MAX_LENGTH} characters.` };
  return { ok: true, name: trimmed };
}

/** A file name made from the video name (downloads, exports): letters, digits, spaces, dashes and dots only. */
export function videoFileName(name: string, extension: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[^\w .-]+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'video';
  return `${base}.${extension}`;
}

/** Spec 000 §3 "Rename-by-source records": these sources rename through video_library_id and title. */
export const RENAME_BY_LIBRARY_ID_SOURCES = [
  'CL_UPLOAD',
  'CLIP',
  'EVENT_RECORDING',
  'DIRECT_RECORDING',
] as const;

export const renamesByLibraryId = (source: string) =>
  (RENAME_BY_LIBRARY_ID_SOURCES as readonly string[]).includes(source);

/** The rename form and the video page's details form, checked by the same rule (validateVideoName). */
export const videoNameFormSchema = z.object({
  name: z.string().superRefine((name, context) => {
    const checked = validateVideoName(name);
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message });
  }),
});

export const videoDetailsFormSchema = videoNameFormSchema.extend({ description: z.string().max(5000) });
