import type { Generated } from 'kysely';

/** A resumable (tus) upload and its owner; the bytes live in the object store under `object_key`. */
export interface UploadTable {
  id: string;
  organization_id: string;
  user_id: string | null;
  kind: string;
  filename: string | null;
  filetype: string | null;
  size: number;
  object_key: string;
  created_at: Generated<Date>;
  completed_at: Date | null;
  expires_at: Date;
  video_asset_id: string | null;
}

export interface UploadsTables {
  uploads: UploadTable;
}
