import { sql, type SelectQueryBuilder } from 'kysely';

/** Which rows of a list a page holds. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export interface PagedRows<Row> {
  /** How many rows the whole list has. */
  count: number;
  rows: Row[];
}

/**
 * One page of a `{count, next, previous, results}` list and the count of the whole list, queried
 * side by side: `matching` is the filtered query (whatever it selects or orders by, its rows are counted), `rows`
 * the page's query in its order (often `matching` with columns and order), cut to the window here.
 */
export async function pagedList<DB, TB extends keyof DB, M, RowDB, RowTB extends keyof RowDB, Row>(
  matching: SelectQueryBuilder<DB, TB, M>,
  rows: SelectQueryBuilder<RowDB, RowTB, Row>,
  page: PageWindow,
): Promise<PagedRows<Row>> {
  const [counted, found] = await Promise.all([
    matching
      .clearSelect()
      .clearOrderBy()
      .select(sql<string>`count(*)`.as('count'))
      .$castTo<{ count: string | number }>()
      .executeTakeFirstOrThrow(),
    rows.limit(page.limit).offset(page.offset).execute(),
  ]);
  return { count: Number(counted.count), rows: found };
}
