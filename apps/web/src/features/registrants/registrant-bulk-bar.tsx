import { Button, Group, Paper, Text } from '@mantine/core';
import type { BulkModerationAction } from '@studio/domain';

/** The bar over the registrants with a selection: how many, select every match, block / unblock / delete. */
export function RegistrantBulkBar({
  count,
  total,
  allSelected,
  busy,
  onSelectAll,
  onAction,
  onClear,
}: {
  count: number;
  total: number;
  allSelected: boolean;
  busy: boolean;
  onSelectAll: () => void;
  onAction: (action: BulkModerationAction) => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder p="xs" role="toolbar" aria-label="Selected registrants">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {count} selected
          </Text>
          {!allSelected && total > count && (
            <Button size="xs" variant="subtle" onClick={onSelectAll}>
              Select all {total} registrants
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={busy} onClick={() => onAction('block')}>
            Block
          </Button>
          <Button size="xs" variant="default" disabled={busy} onClick={() => onAction('unblock')}>
            Unblock
          </Button>
          <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => onAction('delete')}>
            Delete
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
