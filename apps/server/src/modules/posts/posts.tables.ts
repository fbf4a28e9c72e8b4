import type { Generated } from 'kysely';

/** A post drafted from a video's transcript (migration 0054): social, email, blog or takeaways. */
export interface PostTable {
  id: Generated<string>;
  organization_id: string;
  video_asset_id: string;
  event_id: string | null;
  kind: string;
  network: string | null;
  title: string;
  body: string;
  /** Set while its public page opens it; null once sharing is revoked. */
  shared_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PostsTables {
  posts: PostTable;
}
