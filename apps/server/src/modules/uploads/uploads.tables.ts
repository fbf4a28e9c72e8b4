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
  /** The tus lock's lease across API nodes: the holding request, until when, and whether another asked for it. */
  lock_holder: string | null;
  lock_expires_at: Date | null;
  lock_release_requested: Generated<boolean>;
}

export interface UploadsTables {
  uploads: UploadTable;
}
