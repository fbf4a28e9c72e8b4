import { Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CONTENT_WIDTH } from './email-html.ts';
import { withSampleValues } from './merge-fields.ts';

const widths = { desktop: CONTENT_WIDTH + 40, phone: 375 } as const;
type PreviewWidth = keyof typeof widths;

/**
 * The compiled email in a sandboxed frame (no scripts, nothing of the studio reachable), at a
 * desktop or a phone width, with sample values in place of the merge fields.
 */
export function EmailPreview({ html }: { html: string }) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Preview width"
        value={width}
        onChange={(value) => setWidth(value)}
        data={[
          { value: 'desktop', label: 'Desktop' },
          { value: 'phone', label: 'Phone' },
        ]}
      />
      <Box style={{ overflowX: 'auto' }}>
        <iframe
          title="Email preview"
          sandbox=""
          srcDoc={withSampleValues(html)}
          data-width={width}
          style={{
            display: 'block',
            width: widths[width],
            maxWidth: width === 'phone' ? '100%' : undefined,
            height: 640,
            margin: '0 auto',
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 4,
            background: 'white',
          }}
        />
      </Box>
      <Text size="xs" c="dimmed">
        Merge fields show sample values; each recipient gets their own.
      </Text>
    </Stack>
  );
}
