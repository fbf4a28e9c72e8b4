import type { Generated } from 'kysely';

/** One tracked click, sign-in or sign-out of the studio (migration 0080), enriched with who it was. */
export interface StudioUsageEventTable {
  id: Generated<string>;
  occurred_at: Generated<Date>;
  /** The analytics session (the browser's, started at sign-in and ended at sign-out). */
  session_id: string;
  user_id: string | null;
  organization_id: string | null;
  email: string | null;
  email_verified: boolean | null;
  is_free_trial: boolean | null;
  /** button_click, link_click or studioLoginLogout; the rest of the event is in `properties`. */
  event: string;
  properties: Generated<Record<string, unknown>>;
}

export interface StudioUsageTables {
  studio_usage_events: StudioUsageEventTable;
}
