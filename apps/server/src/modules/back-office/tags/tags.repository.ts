import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { escapeLike } from '../event-scope.ts';
import { orOnUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { pagedList } from '../../../platform/db/paged-list.ts';
import { organizationRows } from '../../../platform/db/scoped-row.ts';

export interface TagRecord {
  id: string;
  organization_id: string;
  tag_name: string;
  created_at: Date;
  events_count: number;
  series_count: number;
}

/** The only code that touches `tags`; usage counts read the join tables of events and series. */
export function createTagsRepository(db: Executor) {
  const withCounts = (tx: Executor) =>
    tx
      .selectFrom('tags')
      .select(['tags.id', 'tags.organization_id', 'tags.tag_name', 'tags.created_at'])
      .select((eb) => [
        eb
          .selectFrom('event_tags')
          .whereRef('event_tags.tag_id', '=', 'tags.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('events_count'),
        eb
          .selectFrom('series_tags')
          .whereRef('series_tags.tag_id', '=', 'tags.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('series_count'),
      ]);
  const toRecord = (
    row: Omit<TagRecord, 'events_count' | 'series_count'> & {
      events_count: number | null;
      series_count: number | null;
    },
  ) => ({
    ...row,
    events_count: Number(row.events_count ?? 0),
    series_count: Number(row.series_count ?? 0),
  });

  return {
    async list(organizationId: string, search: string | undefined, page: PageRequest, tx: Executor = db) {
      let query = tx.selectFrom('tags').where('tags.organization_id', '=', organizationId);
      if (search) query = query.where('tags.tag_name', 'ilike', `%${escapeLike(search)}%`);
      const { count, rows } = await pagedList(
        query,
        withCounts(tx)
          .where('tags.id', 'in', query.select('tags.id'))
          .orderBy(sql`lower(tags.tag_name)`)
          .orderBy('tags.id'),
        page,
      );
      return { count, rows: rows.map(toRecord) };
    },

    async find(organizationId: string, id: string, tx: Executor = db): Promise<TagRecord | undefined> {
      const row = await withCounts(tx)
        .where('tags.organization_id', '=', organizationId)
        .where('tags.id', '=', id)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** The new tag's id, or 'taken' when the organisation has the name already (any case). */
    async insert(
      organizationId: string,
      tagName: string,
      tx: Executor = db,
    ): Promise<{ id: string } | 'taken'> {
      const row = tx
        .insertInto('tags')
        .values({ organization_id: organizationId, tag_name: tagName })
        .returning('id')
        .executeTakeFirstOrThrow();
      return orOnUniqueViolation(row, 'taken');
    },

    async rename(
      organizationId: string,
      id: string,
      tagName: string,
      tx: Executor = db,
    ): Promise<'renamed' | 'missing' | 'taken'> {
      const result = organizationRows.update(tx, 'tags', organizationId, id, {
        tag_name: tagName,
        updated_at: new Date(),
      });
      return orOnUniqueViolation(
        result.then((updated) => (updated ? 'renamed' : 'missing')),
        'taken',
      );
    },

    /** Deleting a tag detaches it from every event and series (cascade). */
    delete(organizationId: string, id: string, tx: Executor = db): Promise<boolean> {
      return organizationRows.delete(tx, 'tags', organizationId, id);
    },

    /** Which of these ids are the organisation's tags. */
    async existing(organizationId: string, ids: string[], tx: Executor = db): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .selectFrom('tags')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type TagsRepository = ReturnType<typeof createTagsRepository>;
