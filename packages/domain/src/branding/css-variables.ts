import { backgroundType, cssBackground } from './backgrounds.ts';
import type { BrandingState } from './fields.ts';
import { fontFamily, isCustomFontType, type FontSettings } from './fonts.ts';
import { brandingFonts } from './modules.ts';

export type BrandingCssVariables = Record<`--brand-${string}`, string>;

/** A family name safe inside a CSS string: only letters, digits, spaces, dots, dashes and underscores kept. */
const cssFamily = (font: FontSettings) => fontFamily(font).replace(/[^\w .-]/g, '');
const fontStack = (font: FontSettings) => `"${cssFamily(font)}", system-ui, sans-serif`;

/** 002 §4.6: the hero's dark bottom gradient is the overlay of an image (none over a colour or gradient). */
const heroOverlayHeight = (theme: BrandingState['theme'], hero: string) =>
  theme.is_overlay_visible && backgroundType(hero) === 'Image' ? theme.splash_gradient_height : '0vh';

/**
 * The attendee pages' CSS custom properties for a branding state (server-rendered pages and the
 * live preview alike). Every value comes from a validated field, so it is safe inside a style.
 */
export function brandingCssVariables(state: BrandingState): BrandingCssVariables {
  const { event, theme } = state;
  const fonts = brandingFonts(state);
  return {
    '--brand-button-background': event.theme_secondary_color,
    '--brand-button-text': event.secondary_text_color,
    '--brand-screen-saver-background': event.screen_saver_background ?? event.theme_secondary_color,
    '--brand-screen-saver-text': event.screen_saver_text_color ?? event.secondary_text_color,
    '--brand-popup-background': theme.theme_primary_color,
    '--brand-stage-text': theme.primary_text_color,
    '--brand-landing-text': theme.splash_text_color,
    '--brand-landing-text-on-image': theme.splash_text_onimage_color,
    '--brand-stage-font': fontStack(fonts.stage),
    '--brand-landing-font': fontStack(fonts.landing),
    '--brand-hero-background': cssBackground(theme.splash_page_hero),
    '--brand-hero-background-mobile': cssBackground(theme.mobile_splash_page_hero),
    '--brand-hero-gradient-height': heroOverlayHeight(theme, theme.splash_page_hero),
    '--brand-hero-gradient-height-mobile': heroOverlayHeight(theme, theme.mobile_splash_page_hero),
    '--brand-stage-background': cssBackground(theme.stage_background),
    '--brand-stage-background-mobile': cssBackground(theme.mobile_stage_background),
    '--brand-video-stream-background': cssBackground(theme.event_background),
    '--brand-video-stream-background-mobile': cssBackground(theme.mobile_event_background),
    '--brand-landing-agenda-background': event.splash_background_color,
    '--brand-agenda-tile-shade': theme.splash_background_shade,
    '--brand-overlay-shade': theme.primary_background_shade,
    '--brand-overlay-alt-shade': theme.alt_primary_background_shade,
    '--brand-sidebar-alpha': String(theme.sidebar_alpha),
    '--brand-page-item-alpha': String(theme.page_item_alpha),
    '--brand-sidebar-blur': theme.sidebar_blur,
    '--brand-name-card-radius': theme.name_card_radius ?? '0px',
    '--brand-name-card-background': theme.name_card_background ?? 'transparent',
    '--brand-name-card-text': theme.name_card_text_color ?? 'inherit',
    '--brand-name-card-title-display': theme.name_card_title_display ?? 'block',
    '--brand-lower-third-background': theme.lower_third_background,
    '--brand-lower-third-text': theme.lower_third_text_color,
    // 002 §5.7 Header Settings: the event's title and dates on its landing and registration pages.
    '--brand-title-display': event.is_title_visible ? 'block' : 'none',
    '--brand-date-display': event.is_date_visible ? 'block' : 'none',
  };
}

/** The web and custom fonts the pages load (`@font-face` for files, a stylesheet link for web fonts). */
export interface FontSource {
  family: string;
  url: string;
  kind: 'stylesheet' | 'file';
}
export function brandingFontSources(state: BrandingState): FontSource[] {
  const sources = Object.values(brandingFonts(state)).flatMap((font): FontSource[] => {
    if (font.type === 'Web Font' && font.link)
      return [{ family: cssFamily(font), url: font.link, kind: 'stylesheet' }];
    if (isCustomFontType(font.type) && font.src)
      return [{ family: cssFamily(font), url: font.src, kind: 'file' }];
    return [];
  });
  return sources.filter((source, index) => sources.findIndex((other) => other.url === source.url) === index);
}

/** The variables as a `style` attribute or `:root { … }` body. */
export const cssDeclarations = (variables: BrandingCssVariables): string =>
  Object.entries(variables)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
