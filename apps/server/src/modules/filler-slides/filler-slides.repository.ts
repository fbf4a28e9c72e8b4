import type { FillerSlideListQuery } from '@studio/domain';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { FillerSlideTable } from './filler-slides.tables.ts';
import { pagedList } from '../../platform/db/paged-list.ts';

export type FillerSlideRow = Selectable<FillerSlideTable>;

/** null: every workspace of the organisation; else these (and slides of no team). */
export type VisibleWorkspaces = readonly string[] | null;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const ORDER_COLUMNS = {
  created_at: 'created_at',
  file_name: 'file_name',
} as const;

export function createFillerSlidesRepository(db: Executor) {
  const visible = (organizationId: string, workspaces: VisibleWorkspaces) => {
    let query = db.selectFrom('filler_slides').where('organization_id', '=', organizationId);
    if (workspaces)
      query = query.where((eb) =>
        eb.or([
          eb('workspace_id', 'is', null),
          ...(workspaces.length ? [eb('workspace_id', 'in', workspaces)] : []),
        ]),
      );
    return query;
  };

  return {
    async list(
      organizationId: string,
      workspaces: VisibleWorkspaces,
      query: FillerSlideListQuery,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; rows: FillerSlideRow[] }> {
      let filtered = visible(organizationId, workspaces);
      // Every slide is made from an uploaded image: `uploaded=false` asks for none.
      if (query.uploaded === false) filtered = filtered.where(sql<boolean>`false`);
      if (query.search) filtered = filtered.where('file_name', 'ilike', `%${escapeLike(query.search)}%`);
      if (query.broadcast_filler_state) filtered = filtered.where('state', '=', query.broadcast_filler_state);
      const teams = query.workspace?.filter((team) => team !== 'mine');
      if (teams?.length) filtered = filtered.where('workspace_id', 'in', teams);
      if (query.workspace__isnull !== undefined)
        filtered = filtered.where('workspace_id', query.workspace__isnull ? 'is' : 'is not', null);
      const descending = query.ordering.startsWith('-');
      const column = ORDER_COLUMNS[query.ordering.replace('-', '') as keyof typeof ORDER_COLUMNS];
      return pagedList(
        filtered,
        filtered
          .selectAll()
          .orderBy(column, descending ? 'desc' : 'asc')
          .orderBy('id', descending ? 'desc' : 'asc'),
        page,
      );
    },

    find(
      organizationId: string,
      workspaces: VisibleWorkspaces,
      id: string,
    ): Promise<FillerSlideRow | undefined> {
      return visible(organizationId, workspaces).selectAll().where('id', '=', id).executeTakeFirst();
    },

    findById(id: string): Promise<FillerSlideRow | undefined> {
      return db.selectFrom('filler_slides').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(row: Insertable<FillerSlideTable>, tx: Executor = db): Promise<FillerSlideRow> {
      return tx.insertInto('filler_slides').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: string, changes: Updateable<FillerSlideTable>): Promise<FillerSlideRow | undefined> {
      return db
        .updateTable('filler_slides')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await tx.deleteFrom('filler_slides').where('id', '=', id).execute();
    },
  };
}

export type FillerSlidesRepository = ReturnType<typeof createFillerSlidesRepository>;
