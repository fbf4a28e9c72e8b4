import type { Generated, JSONColumnType } from 'kysely';
import type { ClipCutStatus, ClipSearchFilters } from '@studio/domain';

export interface ClipTable {
  id: Generated<string>;
  organization_id: string;
  /** The video it was cut from; null once that video is deleted. */
  video_asset_id: string | null;
  /** Its CLIP library video; null once deleted from the Video Library. */
  video_library_id: string | null;
  /** The Content Lab project it was cut in (migration 0063). */
  project_id: string | null;
  name: string;
  start_time: number;
  end_time: number;
  vertical: Generated<boolean>;
  crop_x: Generated<number>;
  cut_status: Generated<ClipCutStatus>;
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

/** A Content Lab project of an organisation (migration 0063). */
export interface ContentProjectTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  /** Takes a video opened in Content Lab before any project was chosen; one per organisation. */
  is_default: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The project a library video is in (at most one). */
export interface ContentProjectVideoTable {
  video_asset_id: string;
  project_id: string;
  added_at: Generated<Date>;
}

export interface ClipsTables {
  clips: ClipTable;
  content_projects: ContentProjectTable;
  content_project_videos: ContentProjectVideoTable;
  saved_searches: SavedSearchTable;
}
