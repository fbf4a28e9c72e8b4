import { Table, type TableScrollContainerProps } from '@mantine/core';

/**
 * A table's scroller (a wide table on a phone, a long one in a dialog): a region named like the
 * table and in the tab order, so a keyboard scrolls it too (WCAG 2.1.1) — many tables hold no link
 * or button to reach it by.
 */
export function TableScroll({
  label,
  scrollAreaProps,
  ...props
}: TableScrollContainerProps & { label: string }) {
  return (
    <Table.ScrollContainer
      {...props}
      scrollAreaProps={{
        ...scrollAreaProps,
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label },
      }}
    />
  );
}
