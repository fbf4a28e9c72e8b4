import { Alert, Badge, createTheme, Drawer, Modal, Notification } from '@mantine/core';

// Mantine's close buttons are an unnamed ×: every drawer, dialog, alert and toast names its own "Close"
// unless it says more ('Close the speaker drawer').
const closeButtonProps = { 'aria-label': 'Close' };

/** The studio's look: one accent colour, rounder corners; light or dark follows the system. */
export const studioTheme = createTheme({
  primaryColor: 'indigo',
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
