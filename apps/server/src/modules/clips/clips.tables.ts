import type { Generated, JSONColumnType } from 'kysely';
import type { ClipSearchFilters } from '@studio/domain';

export interface ClipTable {
  id: Generated<string>;
  organization_id: string;
  /** The video it was cut from; null once that video is deleted. */
  video_asset_id: string | null;
  /** Its CLIP library video; null once deleted from the Video Library. */
  video_library_id: string | null;
  name: string;
  start_time: number;
  end_time: number;
  vertical: Generated<boolean>;
  crop_x: Generated<number>;
  cut_status: Generated<'QUEUED' | 'CUTTING' | 'DONE' | 'ERROR'>;
  cut_mode: 'copy' | 'encode' | null;
  cut_progress: number | null;
  error_reason: string | null;
  shared: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** A named clip search of an organisation (migration 0059). */
export interface SavedSearchTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  query: Generated<string>;
  filters: JSONColumnType<ClipSearchFilters, string | undefined, string>;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface ClipsTables {
  clips: ClipTable;
  saved_searches: SavedSearchTable;
}
