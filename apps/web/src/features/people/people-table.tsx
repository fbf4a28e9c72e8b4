import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PeopleSelection } from '@studio/domain';
import type { ReactNode } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { SelectAllBox, SelectPersonBox } from './people-selection.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

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

/** A people table's selection: a first column of boxes, the header's selecting them all. */
export interface PeopleTableSelection<T> {
  selection: PeopleSelection;
  onSelect: (selection: PeopleSelection) => void;
  /** The header box's name ("Select all staff"). */
  selectAllLabel: string;
  /** The person a row's box names. */
  nameOf: (row: T) => string;
}

/**
 * The list of a people page (staff, check-in staff): its error (in a toast too), loading and empty
 * states, then a table of the people with `columns` and a last column of each row's actions; with
 * `selecting`, a first column chooses people for bulk actions (the whole list may be selected).
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
  selecting,
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
  selecting?: PeopleTableSelection<T>;
  /** The row's cells: one per column, then its actions. */
  renderCells: (row: T) => ReactNode;
}) {
  useFailureToast(list.isError, errorMessage);
  if (list.isError) return <ErrorAlert>{errorMessage}</ErrorAlert>;
  return (
    <ListStates
      pending={list.isPending}
      loadingLabel={loadingLabel}
      empty={rows.length === 0}
      emptyState={emptyState}
    >
      <TableScroll label={label} minWidth={minWidth}>
        <Table verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {selecting && (
                <Table.Th w={40}>
                  <SelectAllBox
                    label={selecting.selectAllLabel}
                    ids={rows.map((row) => row.id)}
                    selection={selecting.selection}
                    allPagesSelectable
                    onSelect={selecting.onSelect}
                  />
                </Table.Th>
              )}
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
              <Table.Tr key={row.id}>
                {selecting && (
                  <Table.Td>
                    <SelectPersonBox
                      id={row.id}
                      name={selecting.nameOf(row)}
                      selection={selecting.selection}
                      onSelect={selecting.onSelect}
                    />
                  </Table.Td>
                )}
                {renderCells(row)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </ListStates>
  );
}
