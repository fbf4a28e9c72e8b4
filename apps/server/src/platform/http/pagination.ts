import type { Page } from '@studio/domain';
import { fieldError } from './errors.ts';

/** Where a keyset page starts: after the row whose sort value (as the database prints it) and id these are. */
export interface PageCursor {
  key: string;
  id: string;
}

export interface PageRequest {
  limit: number;
  offset: number;
  /** From a `next` link: the page starts after this row, whatever `offset` says (it still numbers the page). */
  after?: PageCursor;
}

/** A list's page as a service answers it: the route adds the `next` and `previous` links (`toPage`). */
export type Counted<T> = Omit<Page<T>, 'next' | 'previous'>;

const INVALID_CURSOR = 'This page link is no longer valid. Open the first page and page again.';

/** A cursor names its ordering, so a link kept across a change of ordering is refused, not misread. */
export function encodeCursor(ordering: string, cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([ordering, cursor.key, cursor.id])).toString('base64url');
}

function decodeCursor(ordering: string, text: string): PageCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value[0] === ordering &&
      typeof value[1] === 'string' &&
      typeof value[2] === 'string'
    )
      return { key: value[1], id: value[2] };
  } catch {
    // answered below
  }
  throw fieldError('after', INVALID_CURSOR, 'INVALID_CURSOR');
}

/** The paging fields of a list's query. */
export type PageQuery = {
  limit?: number | undefined;
  offset?: number | undefined;
  after?: string | undefined;
};

/**
 * limit/offset from the query, with the list's default page size and a hard ceiling; with
 * `ordering`, the list pages by keyset too and `after` (a `next` link's cursor) is read.
 */
export function pageRequest(query: PageQuery, defaultLimit: number, ordering?: string): PageRequest {
  const page: PageRequest = { limit: Math.min(query.limit ?? defaultLimit, 1000), offset: query.offset ?? 0 };
  if (ordering !== undefined && query.after) page.after = decodeCursor(ordering, query.after);
  return page;
}

/**
 * Django-REST-style page: absolute `next`/`previous` links keep every other query parameter. With
 * an estimated count (platform/db/bounded-count.ts) the answer says so, and `next` follows a full
 * page rather than the estimate. With `keyset` (the ordering and the page's last row), `next` also
 * carries `after`, so following it costs the same at any depth; `previous` pages by offset.
 */
export function toPage<T>(
  requestUrl: string,
  publicUrl: string,
  page: PageRequest,
  count: number,
  results: T[],
  estimated = false,
  keyset?: { ordering: string; last: PageCursor | undefined },
): Page<T> {
  const link = (offset: number, after?: string) => {
    const url = new URL(requestUrl, publicUrl);
    url.searchParams.set('limit', String(page.limit));
    if (offset > 0) url.searchParams.set('offset', String(offset));
    else url.searchParams.delete('offset');
    if (after) url.searchParams.set('after', after);
    else url.searchParams.delete('after');
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  const more = estimated ? results.length === page.limit : page.offset + page.limit < count;
  const after = keyset?.last && encodeCursor(keyset.ordering, keyset.last);
  const next = more ? link(page.offset + page.limit, after) : null;
  const previous = page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null;
  return estimated
    ? { count, count_is_estimate: true, next, previous, results }
    : { count, next, previous, results };
}
