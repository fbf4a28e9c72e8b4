import { sql, type Insertable, type Updateable } from 'kysely';
import type { SeriesFilter, SeriesOrdering, TagRef } from '@studio/domain';
import { workspacesReadModel } from '../../workspaces/workspaces.read-model.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { organizationRows } from '../../../platform/db/scoped-row.ts';
import { replaceTags, taggedWithAny } from '../tag-links.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { escapeLike, findVisible, visibleRows, workspaceFilter, type Scope } from '../event-scope.ts';
import type { SeriesTable } from './series.tables.ts';
import { pagedList } from '../../../platform/db/paged-list.ts';

export interface SeriesListFilter {
  name?: string | undefined;
  filtering: SeriesFilter;
  workspace?: string[] | undefined;
  workspace__isnull?: boolean | undefined;
  tags?: string[] | undefined;
  isRepeating?: boolean | undefined;
  ordering: SeriesOrdering;
  now: Date;
}

/** The only code that touches series and their tags; events are read for the aggregates. */
export function createSeriesRepository(db: Executor) {
  const withAggregates = (tx: Executor) =>
    tx
      .selectFrom('series')
      .selectAll('series')
      .select(workspacesReadModel.nameOf('series.workspace_id').as('workspace_name'))
      .select((eb) => [
        eb
          .selectFrom('events')
          .whereRef('events.series_id', '=', 'series.id')
          .select((inner) => inner.fn.min('events.start_time').as('v'))
          .as('first_start'),
        eb
          .selectFrom('events')
          .whereRef('events.series_id', '=', 'series.id')
          .select((inner) => inner.fn.max('events.end_time').as('v'))
          .as('last_end'),
        eb
          .selectFrom('events')
          .whereRef('events.series_id', '=', 'series.id')
          .select(eb.fn.countAll<number>().as('v'))
          .as('events_count'),
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof withAggregates>['executeTakeFirstOrThrow']>>;

  async function details(rows: Row[], tx: Executor) {
    const ids = rows.map((row) => row.id);
    const [tags, events] = await Promise.all([
      ids.length === 0
        ? []
        : tx
            .selectFrom('series_tags')
            .innerJoin('tags', 'tags.id', 'series_tags.tag_id')
            .select(['series_tags.series_id', 'tags.id', 'tags.tag_name'])
            .where('series_tags.series_id', 'in', ids)
            .orderBy(sql`lower(tags.tag_name)`)
            .execute(),
      ids.length === 0
        ? []
        : tx
            .selectFrom('events')
            .select(['id', 'series_id'])
            .where('series_id', 'in', ids)
            .orderBy('start_time')
            .orderBy('id')
            .execute(),
    ]);
    const tagsOf = new Map<string, TagRef[]>();
    for (const tag of tags)
      tagsOf.set(tag.series_id, [
        ...(tagsOf.get(tag.series_id) ?? []),
        { id: tag.id, tag_name: tag.tag_name },
      ]);
    const eventsOf = new Map<string, string[]>();
    for (const event of events)
      if (event.series_id)
        eventsOf.set(event.series_id, [...(eventsOf.get(event.series_id) ?? []), event.id]);
    return rows.map((row) => ({
      ...row,
      first_start: row.first_start === null ? null : new Date(row.first_start),
      last_end: row.last_end === null ? null : new Date(row.last_end),
      events_count: Number(row.events_count ?? 0),
      tags: tagsOf.get(row.id) ?? [],
      event_ids: eventsOf.get(row.id) ?? [],
    }));
  }

  return {
    async list(scope: Scope, filter: SeriesListFilter, page: PageRequest, tx: Executor = db) {
      const lastEnd = sql`(select max(events.end_time) from events where events.series_id = series.id)`;
      const firstStart = sql`(select min(events.start_time) from events where events.series_id = series.id)`;
      let query = tx
        .selectFrom('series')
        .where(visibleRows(scope, 'series'))
        .where(workspaceFilter(scope, 'series', filter));
      if (filter.name) query = query.where('series.name', 'ilike', `%${escapeLike(filter.name)}%`);
      if (filter.isRepeating !== undefined)
        query = query.where('series.is_repeating', '=', filter.isRepeating);
      // Like events: upcoming = its last event ends at or after now, past = at or before now.
      if (filter.filtering === 'upcoming') query = query.where(sql<boolean>`${lastEnd} >= ${filter.now}`);
      if (filter.filtering === 'past') query = query.where(sql<boolean>`${lastEnd} <= ${filter.now}`);
      if (filter.tags && filter.tags.length > 0)
        query = query.where(taggedWithAny('series_tags', 'series.id', filter.tags));
      const descending = filter.ordering.startsWith('-');
      const direction = descending ? sql`desc` : sql`asc`;
      const key = filter.ordering.replace('-', '');
      const order =
        key === 'name'
          ? sql`lower(series.name) ${direction}`
          : key === 'updated_at'
            ? sql`series.updated_at ${direction}`
            : sql`${firstStart} ${direction} nulls last`;
      const { count, rows } = await pagedList(
        query,
        withAggregates(tx)
          .where('series.id', 'in', query.select('series.id'))
          .orderBy(order)
          .orderBy('series.id', descending ? 'desc' : 'asc'),
        page,
      );
      return { count, rows: await details(rows, tx) };
    },

    async find(scope: Scope, id: string, tx: Executor = db) {
      const row = await findVisible(withAggregates(tx), scope, 'series', id);
      return row ? (await details([row], tx))[0] : undefined;
    },

    async insert(row: Insertable<SeriesTable>, tx: Executor = db): Promise<string> {
      return (await tx.insertInto('series').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async update(
      organizationId: string,
      id: string,
      changes: Updateable<SeriesTable>,
      tx: Executor = db,
    ): Promise<void> {
      await organizationRows.update(tx, 'series', organizationId, id, { ...changes, updated_at: new Date() });
    },

    /** Replaces the series' tags (ids already checked to be the organisation's). */
    setTags: (seriesId: string, tagIds: string[], tx: Executor = db) =>
      replaceTags(tx, 'series_tags', seriesId, tagIds),

    /** Adds an occurrence key to the deleted ones (locked row: concurrent deletes both count). */
    async excludeOccurrence(seriesId: string, key: string, tx: Executor = db): Promise<void> {
      await tx
        .updateTable('series')
        .set({
          excluded_occurrences: sql`(select coalesce(jsonb_agg(distinct k), '[]'::jsonb) from jsonb_array_elements_text(excluded_occurrences || ${JSON.stringify([key])}::jsonb) as k)`,
        })
        .where('id', '=', seriesId)
        .execute();
    },

    /** Locks the series row for an edit of its rule (two edits do not interleave). */
    async lock(seriesId: string, tx: Executor): Promise<void> {
      await tx.selectFrom('series').select('id').where('id', '=', seriesId).forUpdate().execute();
    },
  };
}

export type SeriesRepository = ReturnType<typeof createSeriesRepository>;
export type SeriesRecord = NonNullable<Awaited<ReturnType<SeriesRepository['find']>>>;
