/** Spec 002 §4.6 and §9 "Branding maths": sliders, shades, name card, lower thirds, screen saver. */

/** Sidebar opacity and blur sliders go 0 to 100, 50 by default. */
export const SIDEBAR_SLIDER = { min: 0, max: 100, default: 50 } as const;

/** Stored alpha is slider/100, with 0 stored as 0.001. */
export const sidebarAlpha = (slider: number): number => (slider <= 0 ? 0.001 : slider / 100);
/** Page item alpha is 0.7 times the alpha, to 3 decimals. */
export const pageItemAlpha = (alpha: number): number => Math.round(alpha * 0.7 * 1000) / 1000;
/** Stored blur is 2 times the slider value plus px. */
export const sidebarBlur = (slider: number): string => `${slider * 2}px`;
/** The sliders shown for stored values (0.001 shows as 0). */
export const alphaSlider = (alpha: number): number => (alpha <= 0.001 ? 0 : Math.round(alpha * 100));
export const blurSlider = (blur: string): number => Math.round(parseFloat(blur) / 2) || 0;

/** Hero bottom gradient height: 60vh when shown, 0vh when removed. */
export const HERO_GRADIENT_HEIGHTS = { shown: '60vh', removed: '0vh' } as const;
export const heroGradientHeight = (shown: boolean): string =>
  shown ? HERO_GRADIENT_HEIGHTS.shown : HERO_GRADIENT_HEIGHTS.removed;

/** Overlay shades: dark '0, 0, 0' with alt '255, 255, 255'; light is the reverse. */
export const OVERLAY_SHADES = {
  dark: { primary_background_shade: '0, 0, 0', alt_primary_background_shade: '255, 255, 255' },
  light: { primary_background_shade: '255, 255, 255', alt_primary_background_shade: '0, 0, 0' },
} as const;
/** Agenda tile shade: light '255, 255, 255' or dark '0, 0, 0'. */
export const AGENDA_TILE_SHADES = { light: '255, 255, 255', dark: '0, 0, 0' } as const;
export type Shade = keyof typeof AGENDA_TILE_SHADES;
export const SHADE_VALUES = ['0, 0, 0', '255, 255, 255'] as const;
export const shadeOf = (value: string): Shade => (value === AGENDA_TILE_SHADES.dark ? 'dark' : 'light');

/** Name card radius options: 20px (Rounded, default) and 10px (Rectangular). */
export const NAME_CARD_RADII = [
  { value: '20px', label: 'Rounded' },
  { value: '10px', label: 'Rectangular' },
] as const;
export type NameCardRadius = (typeof NAME_CARD_RADII)[number]['value'];
export const DEFAULT_NAME_CARD_RADIUS: NameCardRadius = '20px';
export const NAME_CARD_TITLE_DISPLAYS = ['none', 'block'] as const;

export interface NameCardFields {
  name_card_title_display: (typeof NAME_CARD_TITLE_DISPLAYS)[number] | null;
  name_card_radius: NameCardRadius | null;
  name_card_background: string | null;
  name_card_text_color: string | null;
}

/** The name card toggle is on while it has a radius. */
export const nameCardEnabled = (fields: Pick<NameCardFields, 'name_card_radius'>): boolean =>
  fields.name_card_radius !== null;

/** On: title display none, radius 20px, the theme's colours; off: all four null. */
export const nameCardToggle = (
  on: boolean,
  theme: { theme_primary_color: string; primary_text_color: string },
): NameCardFields =>
  on
    ? {
        name_card_title_display: 'none',
        name_card_radius: DEFAULT_NAME_CARD_RADIUS,
        name_card_background: theme.theme_primary_color,
        name_card_text_color: theme.primary_text_color,
      }
    : {
        name_card_title_display: null,
        name_card_radius: null,
        name_card_background: null,
        name_card_text_color: null,
      };

/** Lower thirds take their colours from the buttons or the popups, optionally reversed. */
export const LOWER_THIRD_SOURCES = ['Button Colors', 'Popup Colors'] as const;
export type LowerThirdSource = (typeof LOWER_THIRD_SOURCES)[number];

interface SourceColors {
  /** Button background and font (event-level). */
  theme_secondary_color: string;
  secondary_text_color: string;
  /** Popup background and font (theme). */
  theme_primary_color: string;
  primary_text_color: string;
}

const sourcePair = (source: LowerThirdSource, colors: SourceColors): [string, string] =>
  source === 'Button Colors'
    ? [colors.theme_secondary_color, colors.secondary_text_color]
    : [colors.theme_primary_color, colors.primary_text_color];

/** The lower third's stored colours for a source; reverse swaps background and text. */
export function lowerThirdColors(source: LowerThirdSource, reverse: boolean, colors: SourceColors) {
  const [background, text] = sourcePair(source, colors);
  return reverse
    ? { lower_third_background: text, lower_third_text_color: background }
    : { lower_third_background: background, lower_third_text_color: text };
}

/** The source and reverse toggle the stored colours match (the buttons when none does). */
export function lowerThirdChoice(
  stored: { lower_third_background: string | null; lower_third_text_color: string | null },
  colors: SourceColors,
): { source: LowerThirdSource; reverse: boolean } {
  for (const source of LOWER_THIRD_SOURCES) {
    for (const reverse of [false, true]) {
      const written = lowerThirdColors(source, reverse, colors);
      if (
        written.lower_third_background === stored.lower_third_background &&
        written.lower_third_text_color === stored.lower_third_text_color
      ) {
        return { source, reverse };
      }
    }
  }
  return { source: 'Button Colors', reverse: false };
}

/**
 * 002 §4.6 screen-saver toggle ('Screensaver color same as button color', default on): on uses
 * the theme's secondary (button) colours; off copies the current button colours and marks the
 * screen saver as edited.
 */
export function screenSaverToggle(
  on: boolean,
  buttons: { theme_secondary_color: string; secondary_text_color: string },
) {
  return on
    ? { screen_saver_background: null, screen_saver_text_color: null, onEditScreenSaver: false }
    : {
        screen_saver_background: buttons.theme_secondary_color,
        screen_saver_text_color: buttons.secondary_text_color,
        onEditScreenSaver: true,
      };
}
