import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ClipSearchFilters } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import { videoLibraryReadModel } from '../video-library/video-library.read-model.ts';
import type { ClipTable, SavedSearchTable } from './clips.tables.ts';

export type ClipRow = Selectable<ClipTable>;
export type SavedSearchRow = Selectable<SavedSearchTable>;

/** A clip search: text matched against the name and the words said in the clip, and the filters. */
export interface ClipSearch {
  query: string;
  filters: ClipSearchFilters;
}

/** The only code that touches the clips table. */
export function createClipsRepository(db: Executor) {
  return {
    async insert(clip: Insertable<ClipTable>, tx: Executor = db): Promise<ClipRow> {
      return tx.insertInto('clips').values(clip).returningAll().executeTakeFirstOrThrow();
    },

    find(organizationId: string, id: string): Promise<ClipRow | undefined> {
      return organizationRows.find(db, 'clips', organizationId, id);
    },

    /** The clip whose CLIP library video this is. */
    async findByLibraryVideo(organizationId: string, videoLibraryId: string): Promise<ClipRow | undefined> {
      return db
        .selectFrom('clips')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('video_library_id', '=', videoLibraryId)
        .executeTakeFirst();
    },

    async findById(id: string): Promise<ClipRow | undefined> {
      return db.selectFrom('clips').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listOfVideo(
      organizationId: string,
      videoId: string,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; rows: ClipRow[] }> {
      const base = db
        .selectFrom('clips')
        .where('organization_id', '=', organizationId)
        .where('video_asset_id', '=', videoId);
      const [{ count } = { count: 0 }] = await base
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .execute()
        .then((rows) => rows.map((row) => ({ count: Number(row.count) })));
      const rows = await base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { count, rows };
    },

    /**
     * The organisation's clips matching a search, newest first, a page: the text (literal,
     * case-insensitive) in the clip's name or in the words said in its range of its video's
     * transcript (its own video's, whole, once the source is deleted); with `visibleWorkspaces`,
     * only clips of videos in those workspaces.
     */
    async search(
      organizationId: string,
      { query, filters }: ClipSearch,
      visibleWorkspaces: readonly string[] | null,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; rows: ClipRow[] }> {
      let base = db.selectFrom('clips').where('clips.organization_id', '=', organizationId);
      if (filters.video_asset) base = base.where('clips.video_asset_id', '=', filters.video_asset);
      if (filters.vertical !== undefined) base = base.where('clips.vertical', '=', filters.vertical);
      if (filters.shared !== undefined) base = base.where('clips.shared', '=', filters.shared);
      const source = sql<string | null>`coalesce(clips.video_asset_id, clips.video_library_id)`;
      if (visibleWorkspaces)
        base = base.where(
          sql<boolean>`${source} is null or ${videoLibraryReadModel.inWorkspaces(source, visibleWorkspaces)}`,
        );
      if (query) {
        const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        const said = videoLibraryReadModel.saidBetween(
          source,
          sql<number>`case when clips.video_asset_id is null then 0 else clips.start_time end`,
          sql<number>`case when clips.video_asset_id is null then 'Infinity'::float8 else clips.end_time end`,
        );
        base = base.where(sql<boolean>`(clips.name ilike ${pattern} or ${said} ilike ${pattern})`);
      }
      const [rows, counted] = await Promise.all([
        base
          .selectAll('clips')
          .orderBy('clips.created_at', 'desc')
          .orderBy('clips.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst(),
      ]);
      return { count: Number(counted?.count ?? 0), rows };
    },

    async insertSavedSearch(search: Insertable<SavedSearchTable>): Promise<SavedSearchRow> {
      return db.insertInto('saved_searches').values(search).returningAll().executeTakeFirstOrThrow();
    },

    async savedSearches(organizationId: string): Promise<SavedSearchRow[]> {
      return db
        .selectFrom('saved_searches')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    findSavedSearch(organizationId: string, id: string): Promise<SavedSearchRow | undefined> {
      return organizationRows.find(db, 'saved_searches', organizationId, id);
    },

    updateSavedSearch(
      organizationId: string,
      id: string,
      changes: Updateable<SavedSearchTable>,
    ): Promise<SavedSearchRow | undefined> {
      return organizationRows.updateReturning(db, 'saved_searches', organizationId, id, changes);
    },

    deleteSavedSearch(organizationId: string, id: string): Promise<boolean> {
      return organizationRows.delete(db, 'saved_searches', organizationId, id);
    },

    async update(id: string, changes: Updateable<ClipTable>): Promise<void> {
      await db.updateTable('clips').set(changes).where('id', '=', id).execute();
    },

    delete(organizationId: string, id: string): Promise<ClipRow | undefined> {
      return organizationRows.deleteReturning(db, 'clips', organizationId, id);
    },
  };
}

export type ClipsRepository = ReturnType<typeof createClipsRepository>;
