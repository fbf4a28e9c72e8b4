import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** A person's name in a list, after their picture (initials without one). */
export function PersonName({
  name,
  picture,
  children,
}: {
  name: string;
  picture: string | null | undefined;
  /** Shown after the name (a badge). */
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar name={name} size="sm" src={picture} />
      <Text size="sm" fw={500}>
        {name}
      </Text>
      {children}
    </Group>
  );
}

/**
 * The list of a people page (staff, check-in staff): its error, loading and empty states, then a
 * table of the people with `columns` and a last column of each row's actions.
 */
export function PeopleTable<T extends { id: string }>({
  label,
  list,
  errorMessage,
  loadingLabel,
  emptyState,
  minWidth,
  columns,
  actionsWidth,
  rows,
  renderCells,
}: {
  label: string;
  list: { isError: boolean; isPending: boolean };
  errorMessage: string;
  loadingLabel: string;
  emptyState: ReactNode;
  minWidth: number;
  columns: readonly string[];
  actionsWidth: number;
  rows: readonly T[];
  /** The row's cells: one per column, then its actions. */
  renderCells: (row: T) => ReactNode;
}) {
  if (list.isError) return <ErrorAlert>{errorMessage}</ErrorAlert>;
  return (
    <ListStates
      pending={list.isPending}
      loadingLabel={loadingLabel}
      empty={rows.length === 0}
      emptyState={emptyState}
    >
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              <Table.Th w={actionsWidth}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>{renderCells(row)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListStates>
  );
}
