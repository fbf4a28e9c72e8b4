/** Spec 000 §2 / §8 strings of the shared widgets, verbatim. */
export const widgetMessages = {
  preventCloseQuestion: 'Are you sure you want to close this dialog?',
  noResults: 'No results',
  oneResult: '1 result',
  manyResults: '{count} results',
  selectVideosTitle: 'Select Videos',
  uploadVideo: 'Upload Video',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
} as const;

/** Spec 000 §2 "Asset picker dialog": 'No results', '1 result' or 'N results'. */
export function resultCountLabel(count: number): string {
  if (count === 0) return widgetMessages.noResults;
  if (count === 1) return widgetMessages.oneResult;
  return widgetMessages.manyResults.replace('{count}', formatCount(count));
}

/** Spec 000 §9 "Number format": values under 10000 are shown whole; larger ones abbreviated (12.3K, 4.5M). */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '-';
  if (Math.abs(value) < 10_000) return String(Math.round(value));
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) {
      const scaled = Math.floor((value / size) * 10) / 10;
      return `${scaled.toFixed(1).replace(/\.0$/, '')}${suffix}`;
    }
  }
  return String(value);
}
