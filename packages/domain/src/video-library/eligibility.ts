import type { EditErrorCode } from './messages.ts';
import { videoLibraryMessages } from './messages.ts';
import { displayStatus, isHlsPlaybackAvailable, type StatusFacts } from './statuses.ts';

/** Spec 000 §4 "Edit-in-Content-Lab eligibility": eligible, or the reason it is not. */
export type EditEligibility =
  { eligible: true } | { eligible: false; reason: 'EU_REGION' | 'NOT_READY' | EditErrorCode };

export function editInContentLabEligibility(
  asset: StatusFacts,
  context: { isEuRegion: boolean },
): EditEligibility {
  if (context.isEuRegion) return { eligible: false, reason: 'EU_REGION' };
  switch (asset.source) {
    case 'UPLOAD':
    case 'UPLOADED':
      return { eligible: false, reason: 'LEGACY_VIDEO' };
    case 'EVENT_RECORDING':
    case 'DIRECT_RECORDING':
      return asset.transcode_status === 'COMPLETE' || asset.transcode_status === 'READY_TO_PUBLISH'
        ? { eligible: true }
        : { eligible: false, reason: 'NOT_READY' };
    case 'CL_UPLOAD':
      return asset.transcode_status === 'ERROR'
        ? { eligible: false, reason: 'NOT_READY' }
        : { eligible: true };
    case 'CLIP':
      return { eligible: true };
    default:
      return { eligible: false, reason: 'UNKNOWN_ERROR' };
  }
}

/** Spec 000 §4: a clip that is PROGRESSING is not shown as ready. */
export const isClipReady = (asset: StatusFacts) =>
  !(asset.source === 'CLIP' && asset.transcode_status === 'PROGRESSING');

export interface RowActionFacts extends StatusFacts {
  creation_type: string;
  hlsUrl: string | null | undefined;
  mp4Url: string | null | undefined;
}

export interface RowActionContext {
  /** The row is checked in a picker. */
  isSelected: boolean;
  legacyMode: boolean;
  /** The asset-library dialog variant (EU without recording-studio pricing). */
  assetLibraryVariant: boolean;
}

export interface RowActions {
  preview: boolean;
  download: boolean;
  rename: { visible: boolean; disabledReason: string | null };
  delete: { visible: boolean; disabledReason: string | null };
  edit: boolean;
}

/** Spec 000 §5 "Actions on rows". */
export function rowActions(asset: RowActionFacts, context: RowActionContext): RowActions {
  const status = displayStatus(asset);
  const ready = asset.transcode_status === 'COMPLETE';
  const recordedInAssetLibrary = context.assetLibraryVariant && asset.creation_type === 'RECORDED';
  const isRecording = asset.source === 'EVENT_RECORDING' || asset.source === 'DIRECT_RECORDING';
  const deleteDisabled = context.isSelected
    ? videoLibraryMessages.deselectBeforeDeleteReason
    : status === 'PROGRESSING' || status === 'PROCESSING_HD'
      ? videoLibraryMessages.notReadyReason
      : null;
  return {
    preview: isHlsPlaybackAvailable(asset),
    download: Boolean(asset.mp4Url),
    rename: {
      visible: !recordedInAssetLibrary,
      disabledReason: ready ? null : videoLibraryMessages.notReadyReason,
    },
    delete: { visible: !isRecording && !recordedInAssetLibrary, disabledReason: deleteDisabled },
    edit: !context.legacyMode && asset.source !== 'UPLOAD' && asset.transcode_status !== 'ERROR',
  };
}

/**
 * Spec 000 §4 delete flow step 1, widened: any video in use opens the 'Video in use' dialog (the
 * spec asks it for clips and uploads with clip publishing on; the server refuses every video in use).
 */
export function deleteNeedsUsageCheck(asset: { video_usage_count: number }): boolean {
  return asset.video_usage_count > 0;
}
