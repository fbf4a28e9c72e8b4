import {
  displayStatus,
  formatVideoDuration,
  isInProgress,
  isSelectable,
  RECORDER_LABEL,
  STATUS_LABELS,
  statusHasHdTooltip,
  videoLibraryMessages,
  type VideoAsset,
  type VideoOrdering,
} from '@studio/domain';

/** Spec 000 §2: a row's prefetch waits for the pointer to rest this long. */
export const ROW_PREFETCH_DELAY_MS = 500;
/** Spec 000 §4: tooltips open upwards when fewer than this many rows remain below. */
export const TOOLTIP_FLIP_ROWS = 3;

/** What the status column shows for a video, with the PROCESSING_HD tooltip (spec 000 §4). */
export function statusCell(video: Pick<VideoAsset, 'transcode_status' | 'source' | 'client_hls_path'>): {
  label: string;
  tooltip: string | null;
  inProgress: boolean;
} {
  const status = displayStatus(video);
  return {
    label: STATUS_LABELS[status],
    tooltip: statusHasHdTooltip(status) ? videoLibraryMessages.processingHdTooltip : null,
    inProgress: isInProgress(status),
  };
}

/** Spec 000 §4: READY_TO_PUBLISH rows are dimmed, cannot be picked and have no actions. */
export const isReadyToPublish = (
  video: Pick<VideoAsset, 'transcode_status' | 'source' | 'client_hls_path'>,
) => displayStatus(video) === 'READY_TO_PUBLISH';

/** Whether a row may be picked: the server's flag and the domain rule must both agree. */
export const canPick = (video: VideoAsset) =>
  video.selectable && isSelectable(video) && !isReadyToPublish(video);

/** The creator column: the name, the recorder label for RECORDED assets without a creator, else '-'. */
export function creatorLabel(video: Pick<VideoAsset, 'created_by' | 'createdBy' | 'creation_type'>): string {
  if (video.created_by) return `${video.created_by.first_name} ${video.created_by.last_name}`.trim();
  if (video.createdBy) return video.createdBy;
  return video.creation_type === 'RECORDED' ? RECORDER_LABEL : '-';
}

export const durationLabel = (video: Pick<VideoAsset, 'duration'>) => formatVideoDuration(video.duration);

/** Red when the row has errors, amber when it has only warnings, none otherwise. */
export function warningLevel(
  video: Pick<VideoAsset, 'errors' | 'warnings' | 'transcoder_errors' | 'transcoder_warnings'>,
): 'error' | 'warning' | null {
  if (video.errors.length > 0 || video.transcoder_errors.length > 0) return 'error';
  if (video.warnings.length > 0 || video.transcoder_warnings.length > 0) return 'warning';
  return null;
}

/** The messages the hover panel lists: errors first, duplicates once. */
export const warningMessages = (
  video: Pick<VideoAsset, 'errors' | 'warnings' | 'transcoder_errors' | 'transcoder_warnings'>,
) => [
  ...new Set([...video.errors, ...video.transcoder_errors, ...video.warnings, ...video.transcoder_warnings]),
];

/** Spec 000 §4: a tooltip flips (opens upwards) when fewer than 3 rows remain below its row. */
export const tooltipSide = (rowIndex: number, rowCount: number): 'top' | 'bottom' =>
  rowCount - rowIndex - 1 < TOOLTIP_FLIP_ROWS ? 'top' : 'bottom';

export type SortField = 'name' | 'created_at';

/** The ordering after clicking a sortable header: the other field starts descending; the same one flips. */
export function nextOrdering(current: VideoOrdering, field: SortField): VideoOrdering {
  if (current === `-${field}`) return field;
  if (current === field) return `-${field}`;
  return `-${field}`;
}

export function sortDirection(current: VideoOrdering, field: SortField): 'asc' | 'desc' | null {
  if (current === field) return 'asc';
  if (current === `-${field}`) return 'desc';
  return null;
}

export interface SelectionRules {
  mode: 'single' | 'multiple';
  /** Maximum picked rows (multiple mode); unlimited when absent. */
  max?: number;
}

/** Spec 000 §4 "Selection": a row is disabled when it cannot be picked, or the maximum is reached and it is not picked. */
export function selectionDisabled(
  video: VideoAsset,
  selected: readonly string[],
  rules: SelectionRules,
): boolean {
  if (!canPick(video)) return true;
  if (rules.mode === 'single') return false;
  return rules.max !== undefined && selected.length >= rules.max && !selected.includes(video.id);
}

/** The selection after toggling a row. */
export function toggleSelection(id: string, selected: readonly string[], rules: SelectionRules): string[] {
  if (rules.mode === 'single') return [id];
  if (selected.includes(id)) return selected.filter((candidate) => candidate !== id);
  if (rules.max !== undefined && selected.length >= rules.max) return [...selected];
  return [...selected, id];
}

/** Spec 000 §4: single select is radio-style; a maximum above 1 (or none) uses checkboxes. */
export const selectionMode = (maxSelections: number | undefined): 'single' | 'multiple' =>
  maxSelections === 1 ? 'single' : 'multiple';
