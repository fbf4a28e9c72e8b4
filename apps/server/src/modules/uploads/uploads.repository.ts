import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

export interface UploadRecord {
  id: string;
  organization_id: string;
  user_id: string | null;
  kind: string;
  filename: string | null;
  filetype: string | null;
  size: number;
  object_key: string;
  created_at: Date;
  completed_at: Date | null;
  expires_at: Date;
  video_asset_id: string | null;
}

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

const toRecord = (row: Omit<UploadRecord, 'size'> & { size: number | string | bigint }): UploadRecord => ({ ...row, size: Number(row.size) });

export function createUploadsRepository(db: Executor) {
  return {
    async insert(upload: Omit<UploadRecord, 'created_at' | 'completed_at' | 'video_asset_id'>, tx: Executor = db): Promise<void> {
      await tx.insertInto('uploads').values(upload).execute();
    },

    async find(id: string, tx: Executor = db): Promise<UploadRecord | undefined> {
      const row = await tx.selectFrom('uploads').select(columns).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async findInOrganization(organizationId: string, id: string, tx: Executor = db): Promise<UploadRecord | undefined> {
      const row = await tx
        .selectFrom('uploads')
        .select(columns)
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async markCompleted(id: string, tx: Executor = db): Promise<void> {
      await tx.updateTable('uploads').set({ completed_at: sql<Date>`now()` }).where('id', '=', id).execute();
    },

    /** Gives a finished upload to an asset; false when it is not the organisation's, unfinished or taken. */
    async consume(organizationId: string, id: string, videoAssetId: string, tx: Executor = db): Promise<boolean> {
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
