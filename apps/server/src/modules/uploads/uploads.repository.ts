import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { UploadTable } from './uploads.tables.ts';

/** An upload as the studio reads it (its tus lock's columns are the lock's own). */
export type UploadRecord = Omit<
  Selectable<UploadTable>,
  'lock_holder' | 'lock_expires_at' | 'lock_release_requested'
>;

const columns = [
  'id',
  'organization_id',
  'user_id',
  'kind',
  'filename',
  'filetype',
  'size',
  'object_key',
  'created_at',
  'completed_at',
  'expires_at',
  'video_asset_id',
] as const;

const toRecord = (row: Omit<UploadRecord, 'size'> & { size: number | string | bigint }): UploadRecord => ({
  ...row,
  size: Number(row.size),
});

export function createUploadsRepository(db: Executor) {
  return {
    async insert(
      upload: Omit<UploadRecord, 'created_at' | 'completed_at' | 'video_asset_id'>,
      tx: Executor = db,
    ): Promise<void> {
      await tx.insertInto('uploads').values(upload).execute();
    },

    async find(id: string, tx: Executor = db): Promise<UploadRecord | undefined> {
      const row = await tx.selectFrom('uploads').select(columns).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async findInOrganization(
      organizationId: string,
      id: string,
      tx: Executor = db,
    ): Promise<UploadRecord | undefined> {
      const row = await tx
        .selectFrom('uploads')
        .select(columns)
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async markCompleted(id: string, tx: Executor = db): Promise<void> {
      await tx
        .updateTable('uploads')
        .set({ completed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Gives a finished upload to an asset; false when it is not the organisation's, unfinished or taken. */
    async consume(
      organizationId: string,
      id: string,
      videoAssetId: string,
      tx: Executor = db,
    ): Promise<boolean> {
      const result = await tx
        .updateTable('uploads')
        .set({ video_asset_id: videoAssetId })
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .where('completed_at', 'is not', null)
        .where('video_asset_id', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Takes an upload's tus lock when it is free or its lease ran out (the database's clock decides,
     * the same for every node). 'taken' when another holds it; 'missing' when there is no upload.
     */
    async tryLock(id: string, holder: string, leaseMs: number): Promise<'locked' | 'taken' | 'missing'> {
      const taken = await db
        .updateTable('uploads')
        .set({
          lock_holder: holder,
          lock_expires_at: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`,
          lock_release_requested: false,
        })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('lock_holder', 'is', null),
            eb('lock_expires_at', '<', sql<Date>`now()`),
            eb('lock_holder', '=', holder),
          ]),
        )
        .executeTakeFirst();
      if (taken.numUpdatedRows === 1n) return 'locked';
      const row = await db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst();
      return row ? 'taken' : 'missing';
    },

    /** Asks the lock's holder to let go (tus requestRelease); it sees it when it next renews. */
    async requestUnlock(id: string): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ lock_release_requested: true })
        .where('id', '=', id)
        .where('lock_holder', 'is not', null)
        .execute();
    },

    /**
     * Extends the holder's lease; answers whether another request asked for the lock, or 'lost' when
     * the lease is no longer the holder's (expired and taken, or the upload is gone).
     */
    async renewLock(id: string, holder: string, leaseMs: number): Promise<'held' | 'requested' | 'lost'> {
      const row = await db
        .updateTable('uploads')
        .set({ lock_expires_at: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where('id', '=', id)
        .where('lock_holder', '=', holder)
        .returning('lock_release_requested')
        .executeTakeFirst();
      if (!row) return 'lost';
      return row.lock_release_requested ? 'requested' : 'held';
    },

    async unlock(id: string, holder: string): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ lock_holder: null, lock_expires_at: null, lock_release_requested: false })
        .where('id', '=', id)
        .where('lock_holder', '=', holder)
        .execute();
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await tx.deleteFrom('uploads').where('id', '=', id).execute();
    },

    /** Unfinished uploads past their expiry, and finished ones no asset took. */
    async expired(limit: number, tx: Executor = db): Promise<UploadRecord[]> {
      const rows = await tx
        .selectFrom('uploads')
        .select(columns)
        .where('expires_at', '<', sql<Date>`now()`)
        .where('video_asset_id', 'is', null)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
