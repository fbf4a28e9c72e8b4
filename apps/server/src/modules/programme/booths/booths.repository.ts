import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { BoothResourceTable, BoothTable } from './booths.tables.ts';
import { copyWithoutOwners } from '../../back-office/event-parts.ts';

export type BoothRecord = Selectable<BoothTable>;
export type BoothResourceRecord = Selectable<BoothResourceTable>;
export type BoothChanges = Omit<Updateable<BoothTable>, 'id' | 'event_id' | 'created_at' | 'rank'>;
export type ResourceChanges = Pick<Updateable<BoothResourceTable>, 'kind' | 'title' | 'url'>;

/**
 * The booths' own statements (their resources, the copy, heroes in use); the kit of an event's
 * parts (back-office/event-parts.ts) lists, adds, changes, deletes and reorders the booths.
 */
export function createBoothsRepository(db: Executor) {
  return {
    async resourcesOf(boothIds: readonly string[], tx: Executor = db): Promise<BoothResourceRecord[]> {
      if (boothIds.length === 0) return [];
      return tx
        .selectFrom('booth_resources')
        .selectAll()
        .where('booth_id', 'in', boothIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findResource: (id: string, tx: Executor = db): Promise<BoothResourceRecord | undefined> =>
      tx.selectFrom('booth_resources').selectAll().where('id', '=', id).executeTakeFirst(),

    insertResource: (
      fields: Insertable<BoothResourceTable>,
      tx: Executor = db,
    ): Promise<BoothResourceRecord> =>
      tx.insertInto('booth_resources').values(fields).returningAll().executeTakeFirstOrThrow(),

    async updateResource(id: string, changes: ResourceChanges, tx: Executor = db) {
      if (Object.keys(changes).length === 0) return this.findResource(id, tx);
      return tx
        .updateTable('booth_resources')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteResource(id: string, tx: Executor = db): Promise<void> {
      await tx.deleteFrom('booth_resources').where('id', '=', id).execute();
    },

    /**
     * Event duplication: the source's booths and resources onto the copy, without sponsors.
     * Answers each booth's id and its copy's.
     */
    async copy(
      sourceEventId: string,
      targetEventId: string,
      newIds: Map<string, string>,
      tx: Executor,
    ): Promise<[string, string][]> {
      const copied = await copyWithoutOwners('booths', { sourceEventId, targetEventId, newIds }, tx);
      for (const [id, copyId] of copied) {
        const resources = await tx
          .selectFrom('booth_resources')
          .selectAll()
          .where('booth_id', '=', id)
          .execute();
        for (const { kind, title, url } of resources)
          await tx.insertInto('booth_resources').values({ booth_id: copyId, kind, title, url }).execute();
      }
      return copied;
    },

    /** The hero videos of the events' booths. */
    heroVideosOfEvents: async (eventIds: readonly string[], tx: Executor = db): Promise<string[]> => {
      if (eventIds.length === 0) return [];
      const rows = await tx
        .selectFrom('booths')
        .select('hero_video_asset_id')
        .where('event_id', 'in', eventIds)
        .where('hero_video_asset_id', 'is not', null)
        .execute();
      return rows.flatMap((row) => row.hero_video_asset_id ?? []);
    },

    /** The booths whose hero is one of these videos (video usage), oldest first. */
    heroVideosIn: (assetIds: readonly string[], tx: Executor = db) =>
      tx
        .selectFrom('booths')
        .select(['id', 'event_id', 'name', 'hero_video_asset_id'])
        .where('hero_video_asset_id', 'in', assetIds)
        .orderBy('created_at')
        .execute(),
  };
}

export type BoothsRepository = ReturnType<typeof createBoothsRepository>;
