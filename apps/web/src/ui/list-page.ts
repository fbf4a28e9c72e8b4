import { useDebouncedValue } from '@mantine/hooks';
import { listAddressHref, SEARCH_INPUT_DEBOUNCE_MS, type ListAddressValue } from '@studio/domain';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import type { z } from 'zod';
import { countActiveFilters } from './list-filters.tsx';

/** What every list page's address holds besides its filters. */
export type ListState = Record<string, ListAddressValue> & { search: string; page: number };

/**
 * A list page's state, all of it in the address (read through the domain's address schema, which
 * the route's `validateSearch` uses too): `show` changes filters or sort and goes back to page 1,
 * `setPage` turns the page, and the search box follows the typing after the spec's debounce.
 */
export function useListPage<S extends ListState>(path: string, schema: z.ZodType<S>) {
  const navigate = useNavigate();
  const state = schema.parse(useSearch({ strict: false }));
  const defaults = schema.parse({});
  const href = (next: S) => listAddressHref(path, next, defaults);
  const go = (next: S, replace = false) => void navigate({ href: href(next), replace });

  const [searchText, setSearchText] = useState(state.search);
  // The address changed under the box (back, forward, a link): the box follows it.
  const [addressSearch, setAddressSearch] = useState(state.search);
  if (addressSearch !== state.search) {
    setAddressSearch(state.search);
    if (state.search.trim() !== searchText.trim()) setSearchText(state.search);
  }
  const [typed] = useDebouncedValue(searchText, SEARCH_INPUT_DEBOUNCE_MS);
  const follow = useEffectEvent((text: string) => {
    if (text.trim() !== state.search.trim()) go({ ...state, search: text.trim(), page: 1 }, true);
  });
  useEffect(() => follow(typed), [typed]);

  return {
    state,
    defaults,
    href,
    show: (change: Partial<S>, options: { replace?: boolean } = {}) =>
      go({ ...state, page: 1, ...change }, options.replace),
    setPage: (page: number) => go({ ...state, page }),
    searchText,
    setSearchText,
    activeFilters: (keys: readonly (keyof S)[]) => countActiveFilters(state, defaults, keys),
  };
}

/**
 * The rows chosen on a list page (`none` at first): a new search or filter is another list, so the
 * choice made on the last one is dropped when `filters` (what names the list shown) changes.
 */
export function useListSelection<T>(filters: string, none: T) {
  const [selection, setSelection] = useState<T>(none);
  const [selectedOn, setSelectedOn] = useState(filters);
  if (selectedOn !== filters) {
    setSelectedOn(filters);
    setSelection(none);
  }
  return [selection, setSelection] as const;
}

/**
 * A server list's query for one page: `limit` and `offset` ((page − 1) × size), then the fields
 * given (one left `undefined`, `null` or `false` is not asked for).
 */
export function pageQuery(
  page: number,
  pageSize: number,
  fields: Record<string, string | false | null | undefined> = {},
): URLSearchParams {
  const params = new URLSearchParams({ limit: String(pageSize), offset: String((page - 1) * pageSize) });
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined && value !== null && value !== false) params.set(key, value);
  return params;
}
