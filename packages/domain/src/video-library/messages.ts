/** Spec 000 §8 and 002 §8.2: every user-visible string of the video library, verbatim. */
export const videoLibraryMessages = {
  fetchVideosFailed: 'Unable to fetch videos. Please try again.',
  videoDeleted: 'Video deleted successfully.',
  videoImported: 'Video imported successfully',
  importInitFailed:
    'Something went wrong while initializing video import. Please refresh the page and try again.',
  fetchWorkspacesFailed: 'Failed to fetch team workspaces',
  eventNotReady: "{Action} couldn't be initiated. The event is still getting ready. Please try again later.",
  actionCheckFailed: 'Unable to verify if action is allowed. Please try again later.',
  usageFetchFailed: 'Error fetching usage data',
  resultsLoadFailed: 'Error loading results',
  genericRetry: 'Something went wrong! Try again.',
  videoUrlUnavailable: 'Video URL is not available',
  assetsDownloadFailed: 'Failed to download assets',
  videoDownloadFailed: 'Failed to download video',
  videoDownloaded: 'Video downloaded',
  videoNotReady: 'Video is not ready yet. Please try again later.',
  bufferVideoLoadFailed: 'The buffer video could not be loaded.',
  fileUploadFailed: 'File Upload Failed',
  fileUploadFailedLower: 'File upload failed',
  videoRenamed: 'Video renamed successfully.',
  videoNameEmpty: 'Video name cannot be empty.',
  deleteFailed: 'Something went wrong. Please try again.',
  transcodeStarted: 'Video is uploaded and is being processed...',
  transcodeStartFailed: 'Unable to start video transcoding...',
  svgNotAllowed: 'SVG files are not allowed.',
  videoTooShort: 'video is too short.',
  transcriptUnavailable: 'Transcript not available for this video.',
  /** Our own words: an engine run that ended with no lines (a video with no speech). */
  transcriptionFoundNoSpeech: 'The transcription finished and found no speech.',
  noVideosFound: 'No videos found',
  uploadToStart: 'Upload a video to get started.',
  noVideosMatching: 'No videos found matching "{term}"',
  searchPlaceholder: 'Search by title...',
  // Disabled-action reasons.
  notReadyReason: 'This video is not ready yet. Please try again after some time.',
  contentLabDisabledReason:
    'Editing is unavailable for this event because Content Lab processing is disabled',
  deselectBeforeDeleteReason: 'Please deselect this video before deleting it from the library.',
  // Delete dialogs.
  deleteConfirmTitle: 'Are you sure?',
  deleteConfirmBody: 'You are deleting the video {name}. This action cannot be undone.',
  deleteClipTitle: 'Delete clip from Video Library',
  deleteClipBody:
    'This will delete the video only from the Video Library. You can still access the video in Content Lab.',
  videoInUse:
    'This video is currently in use in the following destinations and cannot be removed. Please remove the video from these destinations first to proceed.',
  // Playback.
  playbackFailed: 'Video playback failed. Please refresh the page.',
  hlsUnsupported: "Sorry, your browser doesn't support hls player.",
  processingHdTooltip: 'The HD version is being optimised in the background for smoother playback in events',
  featureNotEnabled: 'This feature is not enabled for your organization',
} as const;

/** Server answers of our own design (the spec leaves them "not shown"). */
export const videoLibraryServerMessages = {
  notDeletable: 'Recordings cannot be deleted from the video library.',
  notMp4: 'Only MP4 videos can be uploaded to the video library.',
  tooLarge: 'The file is larger than the maximum upload size.',
  uploadNotFound: 'The uploaded file was not found. Upload the video again.',
  uploadIncomplete: 'The upload has not finished yet.',
  uploadAlreadyUsed: 'This upload already belongs to a video.',
  alreadyTranscoding: 'This video is already being processed.',
  workspaceRequired: 'Choose one of your teams for this video.',
  workspaceNotFound: 'This team does not exist in your organization.',
  thumbnailNotImage: 'The thumbnail must be a JPEG, PNG or WebP image.',
  renameNotBySource: 'Rename this video by its id and name.',
  mp4NotReady: 'Video is not ready yet. Please try again later.',
} as const;

/** Spec 000 §8 "Edit errors": the codes the edit-link lookup answers, with the messages the spec gives. */
export const EDIT_ERROR_CODES = [
  'UNKNOWN_ERROR',
  'LANGUAGE_NOT_SUPPORTED',
  'RECORDING_NOT_AVAILABLE',
  'ASSET_NOT_FOUND',
  'INVALID_AUDIO',
  'LEGACY_VIDEO',
  'TRANSCRIPT_NOT_AVAILABLE',
  'SERVER_ERROR',
  'MULTI_LANGUAGE_SUPPORT_RESTRICTED',
] as const;
export type EditErrorCode = (typeof EDIT_ERROR_CODES)[number];

export const editErrorMessages: Partial<Record<EditErrorCode, string>> = {
  RECORDING_NOT_AVAILABLE: 'No recording found for the event.',
  SERVER_ERROR: 'Something went wrong. If the problem persists, please contact support.',
};

/** Any code outside the catalogue falls back to UNKNOWN_ERROR. */
export function editErrorCode(code: string | null | undefined): EditErrorCode {
  return (EDIT_ERROR_CODES as readonly string[]).includes(code ?? '')
    ? (code as EditErrorCode)
    : 'UNKNOWN_ERROR';
}

/** Fills `{placeholder}`s of a message. */
export function formatMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
