import { codeAreaMessages } from '../code-areas/messages.ts';

/** Spec 002 §4.6, §5.3–§5.7, §8.1: the branding editor's texts, verbatim. */
export const brandingMessages = {
  updateFailed: "Branding couldn't be updated, please try again",
  saved: 'Branding updated successfully.',
  fillRequired: 'Please fill the required fields',
  required: 'Required',
  fieldRequired: 'This field is required',
  invalidUrl: 'Please enter a valid URL',
  invalidRgba: 'Invalid RGBA color value.',
  fontNameRequired: 'Font name is required',
  fontUrlRequired: 'Font URL is required',
  fontUrlInvalid: 'Invalid URL',
  locked: 'This setting cannot be changed less than one hour before the start of the event',
  fileUploadFailed: 'File Upload Failed',
  selectBufferVideo: 'Select Buffer Video',
  bufferVideoTitle: 'Buffer Video',
  bufferVideoHelp: 'Plays on stage before the event starts and between sessions if no other session is live.',
  noBufferVideo: 'No buffer video selected.',
  removeBufferVideo: 'Remove',
  bufferVideoLoadFailed: 'The buffer video could not be loaded.',
  screenSaverSameAsButton: 'Screensaver color same as button color',
  sameFontAsLanding: 'Use same font and color as event landing',
  makeDefault: 'Make Default',
  imageCentredHint: 'Keep content centred with at least 20% margin.',
  newTemplateTitle: 'Your amazing event',
  // Our words (the spec shows no text for these server refusals).
  tooLong: codeAreaMessages.tooLong,
  invalidColor: 'Enter a hex (#RGB, #RRGGBB, #RRGGBBAA) or rgba() color.',
  invalidBackground: 'Enter an image URL, a color or a gradient.',
  invalidBlur: 'Enter an even number of pixels from 0px to 200px.',
  fontFileRequired: 'Upload a font file (TTF, OTF, WOFF or WOFF2).',
  imageRequired: 'Upload an image.',
  conferenceOnly: 'Only conferences have an on-demand demo link.',
  brandingOnly: 'Your role can change branding settings only.',
} as const;

/** Shown above a repeating event's Look and Feel (our words, as the programme pages' note). */
export const repeatingBrandingNote =
  'This branding is set on the next occurrence. Every later occurrence wears it after each change; occurrences that have started keep theirs.';

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

/** Spec 002 §9: the editor's timings (ms). */
export const BRANDING_TIMINGS = {
  colorDebounceMs: 200,
  fontCheckDebounceMs: 200,
  textDebounceMs: 500,
  viewRestoreMs: 700,
} as const;

/** Spec 002 §2.1, §9: the preview's default tab and its device views. */
export const DEFAULT_PREVIEW_TAB = 'splash';
export const PREVIEW_VIEWS = ['monitor', 'cellphone'] as const;
export type PreviewView = (typeof PREVIEW_VIEWS)[number];
