import { TextInput } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { ListPagination } from './list-pagination.tsx';
import { ListStates } from './list-states.tsx';
import { showToast } from './toast.ts';

/** A list page's search box, following the typing (see useListPage's searchText). */
export function ListSearchInput({
  value,
  onChange,
  placeholder,
  ariaLabel,
}: {
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  /** Its name without a visible label; labelled "Search" otherwise. */
  ariaLabel?: string | undefined;
}) {
  return (
    <TextInput
      label={ariaLabel ? undefined : 'Search'}
      aria-label={ariaLabel}
      placeholder={placeholder}
      value={value}
      onChange={(change) => onChange(change.currentTarget.value)}
      w={240}
    />
  );
}

/** What a server list's body reads of its query. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data?: { count: number; results: readonly unknown[] } | undefined;
}

/**
 * A page of a server list: its failure (toasted once, and said in place of the rows), loading,
 * empty (no match for the filters, or the list's own empty state), or the rows and their pages.
 */
export function ServerListBody({
  list,
  failure,
  loadingLabel,
  filtering = false,
  noMatch,
  emptyState,
  pageSize,
  page,
  onPage,
  estimated,
  children,
}: {
  list: ListQuery;
  failure: string;
  loadingLabel: string;
  /** Whether a search or filter narrows the list (then an empty list says `noMatch`). */
  filtering?: boolean;
  noMatch?: string;
  emptyState: ReactNode;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** The total is the planner's estimate (a large list): the pages say so. */
  estimated?: boolean | undefined;
  children: ReactNode;
}) {
  useEffect(() => {
    if (list.isError) showToast(failure, 'error');
  }, [list.isError, failure]);
  return (
    <ListStates
      failure={list.isError && failure}
      pending={list.isPending}
      loadingLabel={loadingLabel}
      empty={(list.data?.results.length ?? 0) === 0}
      emptyState={filtering ? noMatch : emptyState}
    >
      {children}
      <ListPagination
        total={list.data?.count ?? 0}
        pageSize={pageSize}
        page={page}
        onChange={onPage}
        estimated={estimated}
      />
    </ListStates>
  );
}
