import {
  Alert,
  Badge,
  createTheme,
  Drawer,
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

/** Light text colours that meet WCAG AA on white: Mantine's dimmed (gray 6, 3.32:1) and error (red 6, 3.28:1) do not. */
export const studioCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#697077', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});
