import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/**
 * A list page's query: filed under `key` (the entity's root, so changing the entity refreshes the
 * list) with the list's query, the last page kept on screen while the next one loads.
 */
export const listPageQuery = <Page>(
  key: readonly unknown[],
  params: URLSearchParams,
  fetchPage: (params: URLSearchParams) => Promise<Page>,
) =>
  queryOptions({
    queryKey: [...key, 'list', params.toString()],
    queryFn: () => fetchPage(params),
    placeholderData: keepPreviousData,
  });
