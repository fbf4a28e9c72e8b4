import {
  Alert,
  Badge,
  createTheme,
  darken,
  Drawer,
  getPrimaryShade,
  Loader,
  Modal,
  type MantineTheme,
  Notification,
  type CSSVariablesResolver,
} from '@mantine/core';
import { contrastRatio, TEXT_CONTRAST } from '@studio/domain';

// Mantine's close buttons are an unnamed ×: every drawer, dialog, alert and toast names its own "Close"
// unless it says more ('Close the speaker drawer').
const closeButtonProps = { 'aria-label': 'Close' };

/** The studio's look: one accent colour, rounder corners; light or dark follows the system. */
export const studioTheme = createTheme({
  primaryColor: 'indigo',
  // Indigo 7 on white is 4.98:1; Mantine's default shade 6 is 4.32:1, under WCAG AA's 4.5:1 for text
  // (every filled button, link and breadcrumb).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Mantine's badges shout in capitals; a badge shows a spec string ('Attended', 'No Show') as written.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps } }),
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Close' } }),
    // A spinner is a status: its label ('Loading events') is read out, which a bare span's is not.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

/** `color`, darkened in steps of 5 % until it reads at 4.5:1 on every background (as it is when it does). */
function readableOn(backgrounds: string | readonly string[], color: string): string {
  const unreadable = (candidate: string) =>
    [backgrounds].flat().some((background) => contrastRatio(candidate, background) < TEXT_CONTRAST);
  let readable = color;
  for (let amount = 0.05; unreadable(readable) && amount < 1; amount += 0.05)
    readable = darken(color, amount);
  return readable;
}

/**
 * The light backgrounds a page marks something with (a chosen row, card or phrase, a note): shades 0
 * and 1 of the light palettes, white.
 */
export const markedBackgrounds = (theme: MantineTheme) => [
  '#ffffff',
  ...Object.entries(theme.colors).flatMap(([name, colors]) =>
    name === 'dark' ? [] : [colors[0], colors[1]],
  ),
];

/**
 * Light text colours that meet WCAG AA: Mantine's dimmed (gray 6, 3.32:1) and error (red 6, 3.28:1)
 * on white do not, nor do green, teal, orange, yellow … as text (`c="green"`, outline badges: shade
 * 7 on white, 2.75:1 for green) or on their light badges and buttons (shade 9 on shade 1, 2.69:1
 * for yellow; indigo 9 on the hover's indigo 2, 4.12:1).
 * Dimmed text and links also sit on marked rows and cards (indigo 7 on indigo 1 is 3.93:1).
 */
export const studioCssVariables: CSSVariablesResolver = (theme) => {
  const shade = getPrimaryShade(theme, 'light');
  const marked = markedBackgrounds(theme);
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(marked, '#697077'),
    '--mantine-color-anchor': readableOn(marked, theme.colors[theme.primaryColor]![shade]),
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  };
  for (const [name, colors] of Object.entries(theme.colors)) {
    const text = readableOn('#ffffff', colors[shade]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    // A light button's text sits on shade 1, and on shade 2 while the pointer is over it.
    light[`--mantine-color-${name}-light-color`] = readableOn([colors[1], colors[2]], colors[9]);
  }
  return { variables: {}, light, dark: {} };
};
