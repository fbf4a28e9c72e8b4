import { brandingMessages } from './messages.ts';
import { isHttpUrl } from './urls.ts';

/** Spec 002 §4.6: what choosing a font option stores in `font_type` / `splash_font_type`. */
export const STAGE_FONT_TYPES = ['Default', 'Web Safe Font', 'Web Font', 'Custom'] as const;
export const LANDING_FONT_TYPES = ['Default', 'Web Safe Font', 'Web Font', 'Custom Splash'] as const;
export type StageFontType = (typeof STAGE_FONT_TYPES)[number];
export type LandingFontType = (typeof LANDING_FONT_TYPES)[number];
export type FontType = StageFontType | LandingFontType;

/** The default font (002 §2.2). */
export const DEFAULT_FONT_NAME = 'Default-GT-America';
/** The eleven web-safe fonts offered (the spec counts them without naming them: ours). */
export const WEB_SAFE_FONTS = [
  'Arial',
  'Brush Script MT',
  'Courier New',
  'Garamond',
  'Georgia',
  'Helvetica',
  'Lucida Sans',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Verdana',
] as const;
export type WebSafeFont = (typeof WEB_SAFE_FONTS)[number];
/** 002 §5.5: the custom font files accepted (the upload preset `font` checks the content). */
export const FONT_FILE_TYPES = ['TTF', 'OTF', 'WOFF', 'WOFF2'] as const;

export const isCustomFontType = (type: FontType): boolean => type === 'Custom' || type === 'Custom Splash';

/** 002 §5.5: the web font name's error, or null ('Font name is required' after trimming). */
export const webFontNameError = (name: string | null | undefined): string | null =>
  (name ?? '').trim() ? null : brandingMessages.fontNameRequired;

/** 002 §5.5: the web font URL's error, or null. */
export function webFontUrlError(url: string | null | undefined): string | null {
  const value = (url ?? '').trim();
  if (!value) return brandingMessages.fontUrlRequired;
  return isHttpUrl(value) ? null : brandingMessages.fontUrlInvalid;
}

/** One set of font settings: the stage's (theme_*) or the landing's (splash_*). */
export interface FontSettings {
  type: FontType;
  name: string | null;
  link: string | null;
  src: string | null;
  customName: string | null;
  color: string | null;
}

/** The field errors of one font set (keyed by the setting), per 002 §5.5. */
export function fontErrors(font: FontSettings): Partial<Record<'name' | 'link' | 'src', string>> {
  if (font.type === 'Web Font') {
    const name = webFontNameError(font.name);
    const link = webFontUrlError(font.link);
    return { ...(name ? { name } : {}), ...(link ? { link } : {}) };
  }
  if (font.type === 'Web Safe Font' && !(WEB_SAFE_FONTS as readonly string[]).includes(font.name ?? '')) {
    return { name: brandingMessages.fontNameRequired };
  }
  if (isCustomFontType(font.type) && !font.src) return { src: brandingMessages.fontFileRequired };
  return {};
}

/** The family a font set renders with (the custom font's own name, the web font's, the safe one's). */
export function fontFamily(font: FontSettings): string {
  if (font.type === 'Default') return DEFAULT_FONT_NAME;
  if (isCustomFontType(font.type)) return font.customName?.trim() || DEFAULT_FONT_NAME;
  return font.name?.trim() || DEFAULT_FONT_NAME;
}

const sameType = (stage: FontType, landing: FontType) =>
  stage === landing || (isCustomFontType(stage) && isCustomFontType(landing));

/**
 * 002 §4.6: 'Use same font and color as event landing' is on when the stage's and the landing's
 * settings are equal (Custom and Custom Splash count as the same choice).
 */
export const fontsLinked = (stage: FontSettings, landing: FontSettings): boolean =>
  sameType(stage.type, landing.type) &&
  stage.name === landing.name &&
  stage.link === landing.link &&
  stage.src === landing.src &&
  stage.customName === landing.customName &&
  stage.color === landing.color;

/** The landing's settings written while linked: the stage's, with Custom as Custom Splash. */
export const linkedLandingFont = (stage: FontSettings): FontSettings => ({
  ...stage,
  type: stage.type === 'Custom' ? 'Custom Splash' : stage.type,
});
