import type { VideoSource } from './statuses.ts';

/** The organisation flags the video library reads (spec 000 §3). */
export interface VideoLibraryFlags {
  Use_CL_Uploads_In_VL: boolean;
  isRecordingStudioPricingEnabled: boolean;
  showVideoLibraryClipPublish: boolean;
  isAiSummaryGenerationEnabled?: boolean;
  enableDuplicateEventViaWorkflow?: boolean;
  is_workspace_enabled?: boolean;
}

/**
 * Spec 000 §3 "Source values and labels": the first wording with Use_CL_Uploads_In_VL off, the
 * second with it on — except CL_UPLOAD, which reads 'Upload' when the flag is on and
 * 'Content Lab Upload' otherwise.
 */
export function sourceLabel(source: string, useClUploadsInVl: boolean): string {
  switch (source) {
    case 'EVENT_RECORDING':
      return 'Event Recording';
    case 'DIRECT_RECORDING':
      return 'Recording Studio';
    case 'CL_UPLOAD':
      return useClUploadsInVl ? 'Upload' : 'Content Lab Upload';
    case 'UPLOAD':
    case 'UPLOADED':
      return useClUploadsInVl ? 'Event Asset' : 'Manual Upload';
    case 'CLIP':
      return useClUploadsInVl ? 'Clip' : 'Content Lab Clip';
    default:
      return source;
  }
}

export interface SourceOption {
  value: VideoSource;
  label: string;
}

/**
 * Spec 000 §6: the Source filter's options. Use_CL_Uploads_In_VL adds CL_UPLOAD;
 * isRecordingStudioPricingEnabled adds DIRECT_RECORDING; showVideoLibraryClipPublish adds CLIP;
 * UPLOAD is listed unless on the content page; EVENT_RECORDING unless in the EU region.
 */
export function sourceOptions(
  flags: Pick<
    VideoLibraryFlags,
    'Use_CL_Uploads_In_VL' | 'isRecordingStudioPricingEnabled' | 'showVideoLibraryClipPublish'
  >,
  context: { isContentPage: boolean; isEuRegion: boolean },
): SourceOption[] {
  const values: VideoSource[] = [];
  if (!context.isEuRegion) values.push('EVENT_RECORDING');
  if (flags.isRecordingStudioPricingEnabled) values.push('DIRECT_RECORDING');
  if (flags.Use_CL_Uploads_In_VL) values.push('CL_UPLOAD');
  if (!context.isContentPage) values.push('UPLOAD');
  if (flags.showVideoLibraryClipPublish) values.push('CLIP');
  return values.map((value) => ({ value, label: sourceLabel(value, flags.Use_CL_Uploads_In_VL) }));
}

/** Spec 000 §6: the SEO/GEO download is offered only with AI summary generation. */
export const isSeoExportAvailable = (flags: Pick<VideoLibraryFlags, 'isAiSummaryGenerationEnabled'>) =>
  flags.isAiSummaryGenerationEnabled === true;

/** Spec 000 §2 "Video library dialog": the asset-library dialog for EU organisations without recording-studio pricing. */
export const usesAssetLibraryDialog = (
  flags: Pick<VideoLibraryFlags, 'isRecordingStudioPricingEnabled'>,
  isEuRegion: boolean,
) => isEuRegion && !flags.isRecordingStudioPricingEnabled;
