import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { ClipTable } from './clips.tables.ts';

export type ClipRow = Selectable<ClipTable>;

/** The only code that touches the clips table. */
export function createClipsRepository(db: Executor) {
  return {
    async insert(clip: Insertable<ClipTable>, tx: Executor = db): Promise<ClipRow> {
      return tx.insertInto('clips').values(clip).returningAll().executeTakeFirstOrThrow();
    },

    async find(organizationId: string, id: string): Promise<ClipRow | undefined> {
      return db
        .selectFrom('clips')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .executeTakeFirst();
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

    async update(id: string, changes: Updateable<ClipTable>): Promise<void> {
      await db.updateTable('clips').set(changes).where('id', '=', id).execute();
    },

    async delete(organizationId: string, id: string): Promise<ClipRow | undefined> {
      return db
        .deleteFrom('clips')
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type ClipsRepository = ReturnType<typeof createClipsRepository>;
