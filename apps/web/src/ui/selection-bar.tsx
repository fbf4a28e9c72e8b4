import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One thing to do with the chosen rows; `danger` for the one that deletes or removes. */
export interface SelectionAction<A extends string> {
  action: A;
  label: string;
  danger?: boolean;
}

/**
 * The bar over a list with a selection: how many rows are chosen (and `widen`, e.g. select every
 * match), a button per action, disabled while one runs, and Clear selection.
 */
export function SelectionBar<A extends string>({
  label,
  count,
  widen,
  actions,
  busy,
  onAction,
  onClear,
}: {
  /** The toolbar's accessible name ("Selected registrants"). */
  label: string;
  count: number;
  widen?: ReactNode;
  actions: readonly SelectionAction<A>[];
  busy: boolean;
  onAction: (action: A) => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder p="xs" role="toolbar" aria-label={label}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {count} selected
          </Text>
          {widen}
        </Group>
        <Group gap="xs">
          {actions.map(({ action, label: text, danger }) => (
            <Button
              key={action}
              size="xs"
              variant={danger ? 'light' : 'default'}
              color={danger ? 'red' : undefined}
              disabled={busy}
              onClick={() => onAction(action)}
            >
              {text}
            </Button>
          ))}
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
