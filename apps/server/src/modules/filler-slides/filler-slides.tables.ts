import type { FillerSlideState } from '@studio/domain';
import type { Generated } from 'kysely';

/** Migration 0031: an organisation's filler slides (spec 002 §3.3); keys are object-store keys. */
export interface FillerSlideTable {
  id: Generated<string>;
  organization_id: string;
  workspace_id: string | null;
  file_name: string;
  image_key: string;
  video_key: string | null;
  hls_key: string | null;
  state: Generated<FillerSlideState>;
  error_reason: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FillerSlidesTables {
  filler_slides: FillerSlideTable;
}
