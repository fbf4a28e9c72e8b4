import { Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { CONTENT_WIDTH } from './email-html.ts';
import { withMergeValues, type PreviewValues } from './merge-fields.ts';

const widths = { desktop: CONTENT_WIDTH + 40, phone: 375 } as const;
type PreviewWidth = keyof typeof widths;
const FRAME_HEIGHT = 640;

/**
 * The compiled email in a sandboxed frame (no scripts, nothing of the studio reachable), laid out
 * at a desktop or a phone width and scaled down to fit its column, with `preview`'s values in
 * place of the merge fields.
 */
export function EmailPreview({ html, preview }: { html: string; preview: PreviewValues }) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const { ref: columnRef, width: columnWidth } = useElementSize();
  const frameWidth = widths[width];
  // Until the column is measured, shown at full size (and clipped, never wider than the column).
  const scale = columnWidth > 0 ? Math.min(1, columnWidth / frameWidth) : 1;
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
      <Box ref={columnRef} style={{ overflow: 'hidden' }}>
        <Box style={{ width: frameWidth * scale, height: FRAME_HEIGHT * scale, margin: '0 auto' }}>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={withMergeValues(html, preview.values)}
            data-width={width}
            style={{
              display: 'block',
              width: frameWidth,
              height: FRAME_HEIGHT,
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 4,
              background: 'white',
            }}
          />
        </Box>
      </Box>
      <Text size="xs" c="dimmed">
        {preview.note}
      </Text>
    </Stack>
  );
}
