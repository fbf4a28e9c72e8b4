import type { Generated } from 'kysely';

/** A person's magic link into one event (migration 0018); re-issuing raises `generation`. */
export interface EventMagicLinkTable {
  id: Generated<string>;
  event_id: string;
  user_id: string;
  generation: Generated<number>;
  created_at: Generated<Date>;
  reissued_at: Date | null;
  last_used_at: Date | null;
}

export interface MagicLinksTables {
  event_magic_links: EventMagicLinkTable;
}
