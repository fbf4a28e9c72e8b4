/** Spec 000 §9 and §5: the video library's constants. */
export const VIDEO_TABLE_PAGE_SIZE = 50;
export const VIDEO_DIALOG_PAGE_SIZE = 25;
export const FILTER_SEARCH_LIMIT = 25;
export const ASSET_PICKER_PAGE_SIZE = 20;
export const LIBRARY_VIDEO_MAX_BYTES = 5_242_880_000;
export const UPLOADER_DEFAULT_MAX_BYTES = 52_428_800;
export const LIBRARY_VIDEO_MIN_SECONDS = 1;
export const THUMBNAIL_AT_SECONDS = 1;
export const THUMBNAIL_JPEG_QUALITY = 0.75;
export const VIDEO_DEFAULT_ORDERING = '-created_at';
/** The workspace filter's value for "no team". */
export const NO_TEAM = 'no-team';
/** Spec 000 §4/§9: the import screen is loaded up to 3 times, waiting 1 s then 2 s between tries. */
export const IMPORT_LOAD_RETRY_DELAYS_MS = [1000, 2000] as const;
