import type { Page } from '@studio/domain';

export interface PageRequest {
  limit: number;
  offset: number;
}

/** limit/offset from the query, with the list's default page size and a hard ceiling. */
export function pageRequest(
  query: { limit?: number | undefined; offset?: number | undefined },
  defaultLimit: number,
): PageRequest {
  return { limit: Math.min(query.limit ?? defaultLimit, 1000), offset: query.offset ?? 0 };
}

/**
 * Django-REST-style page: absolute `next`/`previous` links keep every other query parameter. With
 * an estimated count (platform/db/bounded-count.ts) the answer says so, and `next` follows a full
 * page rather than the estimate.
 */
export function toPage<T>(
  requestUrl: string,
  publicUrl: string,
  page: PageRequest,
  count: number,
  results: T[],
  estimated = false,
): Page<T> {
  const link = (offset: number) => {
    const url = new URL(requestUrl, publicUrl);
    url.searchParams.set('limit', String(page.limit));
    if (offset > 0) url.searchParams.set('offset', String(offset));
    else url.searchParams.delete('offset');
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  const more = estimated ? results.length === page.limit : page.offset + page.limit < count;
  const next = more ? link(page.offset + page.limit) : null;
  const previous = page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null;
  return estimated
    ? { count, count_is_estimate: true, next, previous, results }
    : { count, next, previous, results };
}
