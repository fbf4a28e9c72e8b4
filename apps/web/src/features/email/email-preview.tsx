import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ScaledFrame } from '../../ui/scaled-frame.tsx';
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
      <ScaledFrame
        title="Email preview"
        sandbox=""
        srcDoc={withMergeValues(html, preview.values)}
        data-width={width}
        width={widths[width]}
        height={FRAME_HEIGHT}
        frameStyle={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: 'white' }}
      />
      <Text size="xs" c="dimmed">
        {preview.note}
      </Text>
    </Stack>
  );
}
