import { isColor } from './colors.ts';
import { isImageAddress } from './urls.ts';

/** Spec 002 §2.2, §4.6: a background (hero, stage, video stream; desktop and mobile) is one of these. */
export const BACKGROUND_TYPES = ['Image', 'Solid Color', 'Gradient'] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];

/** A CSS gradient with nothing but colours, angles, stops and lengths in it (safe inside a style). */
const GRADIENT = /^(?:linear|radial)-gradient\([a-z0-9#%.,\s()-]+\)$/i;

export const isGradient = (value: string): boolean => GRADIENT.test(value.trim());

/** 002 §4.6: a gradient string gives Gradient, a colour Solid Color, anything else Image. */
export function backgroundType(value: string | null | undefined): BackgroundType {
  const stored = (value ?? '').trim();
  if (isGradient(stored)) return 'Gradient';
  if (isColor(stored)) return 'Solid Color';
  return 'Image';
}

/** A storable background: an image URL, a colour, a gradient, or '' (Image with none yet). */
export const isBackgroundValue = (value: string): boolean =>
  value === '' || isImageAddress(value) || isColor(value) || isGradient(value);

/** 002 §9: the theme's default gradient runs at 270deg. */
export const DEFAULT_GRADIENT = 'linear-gradient(270deg, rgba(17, 24, 39, 1) 0%, rgba(55, 65, 81, 1) 100%)';
/**
 * The landing and registration pages' hero until an organiser sets one: a designed backdrop in
 * the default button colour (#2563EB) running to indigo and violet, behind the white page, so a
 * never-branded event still looks finished (issue 34 §8). Choosing Gradient in the editor still
 * writes DEFAULT_GRADIENT (002 §9).
 */
export const DEFAULT_HERO_BACKGROUND =
  'linear-gradient(135deg, rgba(30, 58, 138, 1) 0%, rgba(37, 99, 235, 1) 55%, rgba(124, 58, 237, 1) 100%)';
/** 002 §9: the default header (hero) colour is translucent white. */
export const DEFAULT_HEADER_COLOR = 'rgba(255, 255, 255, 0.2)';
/** Solid colour written when a stage or video stream background switches to Solid Color. */
export const DEFAULT_BACKGROUND_COLOR = 'rgba(0, 0, 0, 1)';

/**
 * 002 §4.6: what choosing a type writes — the default gradient, the default colour (translucent
 * white for the header), or the last image (none yet: '', which the module then asks for).
 */
export function backgroundValueFor(
  type: BackgroundType,
  options: { header?: boolean; lastImage?: string | null } = {},
): string {
  if (type === 'Gradient') return DEFAULT_GRADIENT;
  if (type === 'Solid Color') return options.header ? DEFAULT_HEADER_COLOR : DEFAULT_BACKGROUND_COLOR;
  return options.lastImage ?? '';
}

/**
 * 002 §4.6: the header's overlay after its type changes — off for Gradient or Solid Color, the
 * last overlay state again when switching back to Image.
 */
export const headerOverlayFor = (type: BackgroundType, lastOverlay: boolean): boolean =>
  type === 'Image' ? lastOverlay : false;

/** 002 §5.6: a background is invalid when Image is selected but no image exists. */
export const backgroundMissingImage = (value: string | null | undefined): boolean =>
  backgroundType(value) === 'Image' && !isImageAddress((value ?? '').trim());

/** The CSS `background` for a stored value (an image as a cover picture, else the value itself). */
export function cssBackground(value: string | null | undefined): string {
  const stored = (value ?? '').trim();
  if (backgroundType(stored) !== 'Image') return stored;
  return stored
    ? `center / cover no-repeat url("${stored.replace(/["\\\n]/g, encodeURIComponent)}")`
    : 'none';
}
