import type { ColumnType, Generated } from 'kysely';

/** An event's booths (migration 0012), ranked within their type (primary, secondary). */
export interface BoothTable {
  id: Generated<string>;
  event_id: string;
  name: string;
  description: Generated<string>;
  booth_type: string;
  rank: Generated<number>;
  hero_asset_type: string | null;
  /** The hero when it is an image (hero_asset_image). */
  hero_image_url: string | null;
  /** The hero when it is a library video (hero_asset_video). */
  hero_video_asset_id: string | null;
  poster: string | null;
  owner_id: string | null;
  created_at: Generated<Date>;
}

/** A file or link a booth offers. */
export interface BoothResourceTable {
  id: Generated<string>;
  booth_id: string;
  kind: string;
  title: string;
  url: string;
  created_at: ColumnType<Date, never, never>;
}

export interface BoothsTables {
  booths: BoothTable;
  booth_resources: BoothResourceTable;
}
