/** Spec 002 §8.1 "Branding and files": the buffer video's refusals and the editor's failure toast. */
export const brandingMessages = {
  updateFailed: "Branding couldn't be updated, please try again",
  selectBufferVideo: 'Select Buffer Video',
  bufferVideoTitle: 'Buffer Video',
  bufferVideoHelp: 'Plays on stage before the event starts and between sessions if no other session is live.',
  noBufferVideo: 'No buffer video selected.',
  removeBufferVideo: 'Remove',
  saved: 'Branding updated successfully.',
} as const;

/** PATCH body of an event's or template's branding (002 §7.2) as far as the studio edits it. */
export interface BrandingPatch {
  stage_roll_video_asset?: string | null;
  filler_slide?: string | null;
}

/** The codes the server answers for a refused buffer (stage roll) video, with their texts. */
export const STAGE_ROLL_VIDEO_ERRORS = {
  VIDEO_DOESNOT_BELONG_TO_ORGANIZATION: "Video Asset does not belong to Event's Organization",
  UNPROCESSED_VIDEO_FOR_STAGE_ROLL: 'Cannot add an unprocessed video as the event stage roll video.',
} as const;
export type StageRollVideoError = keyof typeof STAGE_ROLL_VIDEO_ERRORS;

/** The message a failed branding save shows: the code's own text, else the generic toast. */
export const brandingErrorMessage = (code: string | undefined): string =>
  code && code in STAGE_ROLL_VIDEO_ERRORS
    ? STAGE_ROLL_VIDEO_ERRORS[code as StageRollVideoError]
    : brandingMessages.updateFailed;

/** The branding editor's module ids kept in the URL hash (002 §2.1). */
export const BUFFER_VIDEO_MODULE = 'bufferVideo';

/** The fields of an event or template PATCH that are branding (002 §7.2), not the event's own. */
export const BRANDING_FIELDS = ['stage_roll_video_asset', 'filler_slide'] as const;

/**
 * The permissions a PATCH of an event or template needs: `branding:update` for branding fields
 * (a Brand Editor may change them without `event:update`), `event:update` for everything else.
 */
export function patchPermissions(
  request: Readonly<Record<string, unknown>>,
): ('event:update' | 'branding:update')[] {
  const given = Object.keys(request).filter((field) => request[field] !== undefined);
  const branding = given.filter((field) => (BRANDING_FIELDS as readonly string[]).includes(field));
  const needed: ('event:update' | 'branding:update')[] = [];
  if (branding.length < given.length || given.length === 0) needed.push('event:update');
  if (branding.length > 0) needed.push('branding:update');
  return needed;
}
