import { TextInput } from '@mantine/core';
import { type ReactNode } from 'react';
import { countActiveFilters } from './list-filters.tsx';
import { ListPagination } from './list-pagination.tsx';
import { EmptyList, ListStates } from './list-states.tsx';
import { ListTable, type ListColumn } from './list-table.tsx';
import { useFailureToast } from './toast.ts';

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

/** What a server list's body reads of its query (`count_is_estimate`: see ListPagination). */
interface ListQuery<Row = unknown> {
  isPending: boolean;
  isError: boolean;
  data?: { count: number; count_is_estimate?: true; results: readonly Row[] } | undefined;
}

/**
 * A page of a server list: its failure (toasted once, and said in place of the rows), loading,
 * empty (no match for the filters, or the list's own empty state), or the rows and their pages
 * (approximate when the server only estimated the total).
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
  children: ReactNode;
}) {
  useFailureToast(list.isError, failure);
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
        estimated={list.data?.count_is_estimate}
      />
    </ListStates>
  );
}

/** The address keys that order, page or search a list: the others narrow it (its filters). */
const NOT_FILTERS: ReadonlySet<string> = new Set(['page', 'sort', 'ordering', 'search']);

/** A list page's address state as the table reads it (useListPage). */
interface ListAddressState {
  page: number;
  search: string;
}

/**
 * A list page's server list as a table named `label` (its loading and empty states say the same
 * name), a row a result: `children` draws one row. Empty, it says what found nothing (the search
 * term) or, when nothing narrows it, `startHint`: how the list gets its first row.
 */
export function ServerListTable<Row, State extends ListAddressState>({
  list,
  listPage,
  pageSize,
  failure,
  label,
  startHint,
  columns,
  minWidth,
  children: row,
}: {
  list: ListQuery<Row>;
  /** The page's address state, its defaults and its page turner (useListPage). */
  listPage: { state: State; defaults: State; setPage: (page: number) => void };
  pageSize: number;
  failure: string;
  label: string;
  startHint: string;
  columns: readonly ListColumn[];
  /** Below this width the table scrolls sideways (ListTable's `minWidth`). */
  minWidth?: number;
  children: (row: Row) => ReactNode;
}) {
  const name = label.toLowerCase();
  const { state, defaults } = listPage;
  const term = state.search.trim();
  const filters = (Object.keys(state) as (keyof State & string)[]).filter((key) => !NOT_FILTERS.has(key));
  const narrowed = term !== '' || countActiveFilters(state, defaults, filters) > 0;
  return (
    <ServerListBody
      list={list}
      failure={failure}
      loadingLabel={`Loading ${name}`}
      emptyState={
        <EmptyList
          title={term ? `No ${name} found matching "${term}"` : `No ${name} found`}
          hint={narrowed ? undefined : startHint}
        />
      }
      pageSize={pageSize}
      page={state.page}
      onPage={listPage.setPage}
    >
      <ListTable highlightOnHover label={label} columns={columns} minWidth={minWidth}>
        {list.data?.results.map(row)}
      </ListTable>
    </ServerListBody>
  );
}
