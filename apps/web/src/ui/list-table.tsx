import { Table, VisuallyHidden, type TableProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/** The unlabelled last column of a list's row actions (its header says "Actions" to a screen reader). */
export const ACTIONS_COLUMN = { actions: true } as const;

/** A column whose header is only for screen readers (a thumbnail, a row's buttons); `width` in pixels. */
export const hiddenColumn = (label: string, width?: number) => (
  <Table.Th w={width}>
    <VisuallyHidden>{label}</VisuallyHidden>
  </Table.Th>
);

/** A column header: its text, the actions column, a header cell of its own, or none (`false`). */
export type ListColumn = string | typeof ACTIONS_COLUMN | ReactNode;

/**
 * A cell is at most 24rem wide, and a longer unbroken word (a 255-letter name, a URL) breaks at that
 * width. Not `overflow-wrap: anywhere`: it lets the table squeeze every column to a letter and cut
 * short words ("Waitlisted") where the table is narrower than its text, as on a phone.
 */
const cellStyles = { td: { maxWidth: '24rem', overflowWrap: 'break-word' } } as const;

/**
 * A list's table: its accessible name, its column headers, and its rows. It never widens the page:
 * where its columns do not fit (a phone), it scrolls sideways in its own space; with `minWidth`, it
 * does so below that width instead of squeezing its columns.
 */

export function ListTable({
  label,
  columns,
  minWidth,
  children,
  ...table
}: {
  label: string;
  columns: readonly ListColumn[];
  minWidth?: number;
  children: ReactNode;
} & Omit<TableProps, 'children'>) {
  const list = (
    <Table aria-label={label} styles={cellStyles} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) =>
            typeof column === 'string' ? (
              <Table.Th key={index}>{column}</Table.Th>
            ) : column === ACTIONS_COLUMN ? (
              <Table.Th key={index} aria-label="Actions" />
            ) : (
              <Fragment key={index}>{column as ReactNode}</Fragment>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return <Table.ScrollContainer minWidth={minWidth ?? 0}>{list}</Table.ScrollContainer>;
}
