import type { Generated, JSONColumnType } from 'kysely';
import type { PageDocument, PageKind, PageOwnerType } from '@studio/domain';

/** Migration 0025. A built page of an event, series, template or hub page, one per kind. */
export interface BuiltPageTable {
  id: Generated<string>;
  organization_id: string;
  owner_type: PageOwnerType;
  owner_id: string;
  event_id: string | null;
  series_id: string | null;
  template_id: string | null;
  hub_page_id: string | null;
  kind: PageKind;
  builder_raw_json: JSONColumnType<PageDocument, string, string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface PagesTables {
  built_pages: BuiltPageTable;
}
