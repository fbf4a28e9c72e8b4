import { Group, Pagination } from '@mantine/core';

interface ListPaginationProps {
  total: number;
  pageSize: number;
  /** 1-based. */
  page: number;
  onChange: (page: number) => void;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Pages of a server list; shown only when the total exceeds one page (spec 000 §2). */
export function ListPagination({ total, pageSize, page, onChange }: ListPaginationProps) {
  if (total <= pageSize) return null;
  return (
    <Group component="nav" aria-label="Pages" justify="center" mt="md">
      <Pagination total={pageCount(total, pageSize)} value={page} onChange={onChange} />
    </Group>
  );
}
