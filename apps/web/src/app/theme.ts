import {
  Alert,
  Badge,
  createTheme,
  darken,
  Drawer,
  getPrimaryShade,
  luminance,
  Modal,
  Notification,
  type CSSVariablesResolver,
} from '@mantine/core';

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
  },
});

/** WCAG AA's least contrast for text. */
export const TEXT_CONTRAST = 4.5;

/** WCAG 2's contrast ratio of two colours. */
export function contrastRatio(one: string, other: string): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** `color`, darkened in steps of 5 % until it reads at 4.5:1 on `background` (as it is when it does). */
function readableOn(background: string, color: string): string {
  let readable = color;
  for (let amount = 0.05; contrastRatio(readable, background) < TEXT_CONTRAST && amount < 1; amount += 0.05)
    readable = darken(color, amount);
  return readable;
}

/**
 * Light text colours that meet WCAG AA: Mantine's dimmed (gray 6, 3.32:1) and error (red 6, 3.28:1)
 * on white do not, nor do green, teal, orange, yellow … as text (`c="green"`, outline badges: shade
 * 7 on white, 2.75:1 for green) or on their light badges (shade 9 on shade 1, 2.69:1 for yellow).
 */
export const studioCssVariables: CSSVariablesResolver = (theme) => {
  const shade = getPrimaryShade(theme, 'light');
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#697077',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  };
  for (const [name, colors] of Object.entries(theme.colors)) {
    const text = readableOn('#ffffff', colors[shade]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(colors[1], colors[9]);
  }
  return { variables: {}, light, dark: {} };
};
