import type { Generated } from 'kysely';

/** The organisation's tag library (migration 0004); names are unique ignoring case. */
export interface TagTable {
  id: Generated<string>;
  organization_id: string;
  tag_name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TagsTables {
  tags: TagTable;
}
