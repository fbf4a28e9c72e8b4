import { Badge, Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNarrowScreen } from './narrow-screen.ts';

/** How wide a filter is: its own width in a row, the drawer's width when folded. */
export type FilterWidth = (inRow: number) => number | string;

interface ListFiltersProps {
  /** How many filters differ from the list's defaults (shown on the Filters button). */
  activeCount: number;
  /** The filters, sized with the width they are given. */
  children: (width: FilterWidth) => ReactNode;
  /** Always in view, before the filters (the search box). */
  search?: ReactNode;
  /** After the filters in the row, at the drawer's foot when folded (Clear filters). */
  footer?: ReactNode;
}

/**
 * A list's toolbar: the search box and the filters in one row on a wide screen; on a phone the
 * search stays and the filters fold into a "Filters" drawer whose button counts the active ones.
 */
export function ListFilters({ activeCount, children, search, footer }: ListFiltersProps) {
  const narrow = useNarrowScreen();
  const [opened, { open, close }] = useDisclosure(false);
  if (!narrow) {
    return (
      <Group gap="sm" align="flex-end" wrap="wrap">
        {search}
        {children((inRow) => inRow)}
        {footer}
      </Group>
    );
  }
  const label = activeCount > 0 ? `Filters (${activeCount} active)` : 'Filters';
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      {search}
      <Button
        variant="default"
        leftSection={<IconFilter size={16} aria-hidden />}
        rightSection={
          activeCount > 0 ? (
            <Badge size="sm" circle aria-hidden>
              {activeCount}
            </Badge>
          ) : undefined
        }
        aria-label={label}
        onClick={open}
        style={{ flexShrink: 0 }}
      >
        Filters
      </Button>
      <Drawer opened={opened} onClose={close} title="Filters" position="bottom" size="auto">
        <Stack gap="sm" pb="md">
          {children(() => '100%')}
          <Group justify="space-between">
            {footer ?? <span />}
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      </Drawer>
    </Group>
  );
}

/** The number of keys whose value differs from the defaults (arrays count when not empty). */
export function countActiveFilters<T extends object>(
  state: T,
  defaults: T,
  keys: readonly (keyof T)[],
): number {
  return keys.filter((key) => {
    const value = state[key];
    return Array.isArray(value) ? value.length > 0 : value !== defaults[key];
  }).length;
}
