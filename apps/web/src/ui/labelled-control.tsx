import { Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A control with no label of its own (a segmented control, a slider) under a visible label that
 * names it: `children` gets the label's id for its aria-labelledby.
 */
export function LabelledControl({
  label,
  children,
}: {
  label: string;
  children: (labelId: string) => ReactNode;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      {children(labelId)}
    </Stack>
  );
}
