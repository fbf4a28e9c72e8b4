import {
  Table,
  useMantineTheme,
  VisuallyHidden,
  type MantineBreakpoint,
  type MantineBreakpointsValues,
  type TableProps,
} from '@mantine/core';
import { Fragment, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { useNarrowScreen } from './narrow-screen.ts';
import { TableScroll } from './table-scroll.tsx';

/** The unlabelled last column of a list's row actions (its header says "Actions" to a screen reader). */
export const ACTIONS_COLUMN = { actions: true } as const;

/** A column whose header is only for screen readers (a thumbnail, a row's buttons); `width` in pixels. */
export const hiddenColumn = (label: string, width?: number) => (
  <Table.Th w={width}>
    <VisuallyHidden>{label}</VisuallyHidden>
  </Table.Th>
);

/**
 * A column a narrower screen leaves out, header and cells: shown from the `visibleFrom` breakpoint
 * up. A phone shows the columns that name and act on a row; the rest wait for a wider screen.
 */
export interface ColumnFrom {
  header: string | ReactElement;
  visibleFrom: MantineBreakpoint;
}

/** A column header: its text, the actions column, one shown from a breakpoint, a header cell of its own, or none (`false`). */
export type ListColumn = string | typeof ACTIONS_COLUMN | ColumnFrom | ReactNode;

const isColumnFrom = (column: ListColumn): column is ColumnFrom =>
  typeof column === 'object' && column !== null && 'visibleFrom' in column && !isValidElement(column);

const shown = (column: ListColumn) => column !== false && column !== null && column !== undefined;

/**
 * The list's column rule as a stylesheet for the table marked `data-list-table={scope}`: each
 * column with `visibleFrom` is hidden below its breakpoint (by position, so rows need no change),
 * and a last actions column stays at the right edge while the rest scrolls under it, with a shadow
 * on a phone to say there is more to the left.
 */
export function columnRules(
  scope: string,
  columns: readonly ListColumn[],
  breakpoints: MantineBreakpointsValues,
): string {
  const cells = `[data-list-table="${scope}"] > * > tr > `;
  const shownColumns = columns.filter(shown);
  const rules = shownColumns.flatMap((column, index) =>
    isColumnFrom(column)
      ? [
          `@media not all and (min-width: ${breakpoints[column.visibleFrom]}) { ${cells}:nth-child(${index + 1}) { display: none; } }`,
        ]
      : [],
  );
  if (shownColumns.at(-1) === ACTIONS_COLUMN) {
    // The pinned cell takes its row's background (`inherit`), so every row must have an opaque one: a
    // plain row the body colour, outranking Mantine's `transparent` on rows (one class) and left to
    // Mantine on a striped row (its stripe) and under the pointer (hover, two classes, outranks this).
    const striped = `tbody > [data-striped="odd"]:nth-of-type(odd), tbody > [data-striped="even"]:nth-of-type(even)`;
    rules.push(
      `[data-list-table="${scope}"] > * > tr:where(:not(${striped})) { background-color: var(--mantine-color-body); }`,
      `${cells}:last-child:not([colspan]) { position: sticky; right: 0; background-color: inherit; }`,
      `@media not all and (min-width: ${breakpoints.sm}) { ${cells}:last-child:not([colspan]) { box-shadow: -6px 0 6px -6px rgb(0 0 0 / 0.25); } }`,
    );
  }
  return rules.join('\n');
}

/**
 * A cell is at most 24rem wide, and a longer unbroken word (a 255-letter name, a URL) breaks at that
 * width. Not `overflow-wrap: anywhere`: it lets the table squeeze every column to a letter and cut
 * short words ("Waitlisted") where the table is narrower than its text, as on a phone.
 */
const cellStyles = { td: { maxWidth: '24rem', overflowWrap: 'break-word' } } as const;

/**
 * A list's table: its accessible name, its column headers, and its rows (`children`), or a body of
 * its own (`body`, a sortable one). It never widens the page: where its columns do not fit, it
 * scrolls sideways in its own space, with a scrollbar in sight; with `minWidth`, it does so below
 * that width instead of squeezing its columns — on a phone too, unless some columns are left out
 * there (`visibleFrom`), which is what lets the rest fit; with `maxHeight`, it scrolls down too.
 */
export function ListTable({
  label,
  columns,
  minWidth,
  maxHeight,
  children,
  body,
  ...table
}: {
  label: string;
  columns: readonly ListColumn[];
  minWidth?: number;
  maxHeight?: number;
} & ({ children: ReactNode; body?: never } | { body: ReactElement; children?: never }) &
  Omit<TableProps, 'children'>) {
  const scope = useId();
  const { breakpoints } = useMantineTheme();
  const narrow = useNarrowScreen();
  const rules = columnRules(scope, columns, breakpoints);
  const list = (
    <Table aria-label={label} styles={cellStyles} data-list-table={scope} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => {
            const header = isColumnFrom(column) ? column.header : column;
            return typeof header === 'string' ? (
              <Table.Th key={index}>{header}</Table.Th>
            ) : header === ACTIONS_COLUMN ? (
              <Table.Th key={index} aria-label="Actions" />
            ) : (
              <Fragment key={index}>{header as ReactNode}</Fragment>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      {body ?? <Table.Tbody>{children}</Table.Tbody>}
    </Table>
  );
  const fitsOnPhone = narrow && columns.some(isColumnFrom);
  return (
    <>
      {rules && <style>{rules}</style>}
      <TableScroll
        label={label}
        minWidth={fitsOnPhone ? 0 : (minWidth ?? 0)}
        maxHeight={maxHeight}
        scrollAreaProps={{ type: 'auto' }}
      >
        {list}
      </TableScroll>
    </>
  );
}
