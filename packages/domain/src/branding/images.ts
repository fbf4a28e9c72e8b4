import type { UploadPresetName } from '../files/presets.ts';

/** An image (or font) place of the editor: its upload preset and the hints it shows (002 §5.6). */
export interface BrandingUpload {
  preset: UploadPresetName;
  /** The picker's accept list. */
  accept: readonly string[];
  min?: { width: number; height: number };
  max?: { width: number; height: number };
  transparent?: boolean;
}

const images = ['.png', '.jpg', '.jpeg', '.webp'] as const;
const desktop = { min: { width: 1024, height: 768 }, max: { width: 2400, height: 1800 } };
const mobile = { min: { width: 600, height: 800 }, max: { width: 1200, height: 1600 } };

/** Spec 002 §5.5, §5.6: every upload of the branding editor. */
export const BRANDING_UPLOADS = {
  heroDesktop: { preset: 'wide', accept: [...images, '.ico'], ...desktop },
  heroMobile: { preset: 'portrait', accept: images, ...mobile },
  stageDesktop: { preset: 'wide', accept: images, ...desktop },
  stageMobile: { preset: 'wide', accept: images, ...desktop },
  videoStreamDesktop: { preset: 'wide', accept: images, ...desktop },
  videoStreamMobile: { preset: 'portrait', accept: images, ...mobile },
  logo: { preset: 'logo', accept: images, max: { width: 1600, height: 1600 }, transparent: true },
  favicon: {
    preset: 'favicon',
    accept: ['.png', '.jpg', '.jpeg', '.ico', '.webp'],
    max: { width: 32, height: 32 },
    transparent: true,
  },
  virtualBackground: { preset: 'image', accept: images },
  onstageLogo: { preset: 'image', accept: ['image/*', '.ico'] },
  socialThumbnail: { preset: 'socialThumbnail', accept: images },
  font: { preset: 'font', accept: ['.ttf', '.otf', '.woff', '.woff2'] },
} as const satisfies Record<string, BrandingUpload>;
export type BrandingUploadName = keyof typeof BRANDING_UPLOADS;

/** 002 §3.2: 'Make Default' moves an item of logos or virtual backgrounds to the first place. */
export const makeDefault = <T>(items: readonly T[], index: number): T[] =>
  index <= 0 || index >= items.length
    ? [...items]
    : [items[index]!, ...items.slice(0, index), ...items.slice(index + 1)];
