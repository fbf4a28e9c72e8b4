import { Badge, createTheme } from '@mantine/core';

/** The studio's look: one accent colour, rounder corners; light or dark follows the system. */
export const studioTheme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Mantine's badges shout in capitals; a badge shows a spec string ('Attended', 'No Show') as written.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});
