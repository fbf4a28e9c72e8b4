import type { Generated } from 'kysely';

/** An event hub page and the events it lists, in order (migration 0004). */
export interface HubPageTable {
  id: Generated<string>;
  organization_id: string;
  workspace_id: string | null;
  name: string;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface HubPageEventTable {
  hub_page_id: string;
  event_id: string;
  position: number;
}

export interface HubPagesTables {
  hub_pages: HubPageTable;
  hub_page_events: HubPageEventTable;
}
