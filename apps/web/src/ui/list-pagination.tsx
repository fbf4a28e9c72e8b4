import { Group, Pagination, Text } from '@mantine/core';

interface ListPaginationProps {
  total: number;
  pageSize: number;
  /** 1-based. */
  page: number;
  onChange: (page: number) => void;
  /** The server's `count_is_estimate`: past 1,000 matches `total` is the planner's estimate. */
  estimated?: boolean | undefined;
}

/** The names of the arrows, which show only an icon. */
const controlLabels = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** "Showing 26–50 of about 12,400": what an estimated total means for the pages. */
export function estimatedRange(total: number, pageSize: number, page: number): string {
  const first = (page - 1) * pageSize + 1;
  const last = page * pageSize;
  return `Showing ${first.toLocaleString('en')}–${last.toLocaleString('en')} of about ${total.toLocaleString('en')}`;
}

/**
 * Pages of a server list; shown only when the total exceeds one page (spec 000 §2). With an
 * estimated total the pages are approximate, and the list says so.
 */
export function ListPagination({ total, pageSize, page, onChange, estimated }: ListPaginationProps) {
  if (total <= pageSize) return null;
  return (
    <Group component="nav" aria-label="Pages" justify="center" mt="md">
      <Pagination
        total={pageCount(total, pageSize)}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      />
      {estimated && (
        <Text size="sm" c="dimmed">
          {estimatedRange(total, pageSize, page)}
        </Text>
      )}
    </Group>
  );
}
