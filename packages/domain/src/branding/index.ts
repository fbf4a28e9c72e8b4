/** Branding (spec 002 §2.1–§2.2, §3.1–§3.2, §4.6, §5.2–§5.7, §8.1, §9): every rule once. */
export * from './messages.ts';
export * from './urls.ts';
export * from './colors.ts';
export * from './fonts.ts';
export * from './backgrounds.ts';
export * from './appearance.ts';
export * from './call-to-action.ts';
export * from './chat.ts';
export * from './navigation.ts';
export * from './fields.ts';
export * from './api.ts';
export * from './modules.ts';
export * from './locks.ts';
export * from './images.ts';
export * from './css-variables.ts';
export * from './permissions.ts';

/** The branding editor's module id of the buffer video, kept in the URL hash (002 §2.1). */
export const BUFFER_VIDEO_MODULE = 'bufferVideo';

/** PATCH body of an event's or template's buffer video (002 §7.2). */
export interface BrandingPatch {
  stage_roll_video_asset?: string | null;
}
