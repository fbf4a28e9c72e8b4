import { sql, type Expression, type RawBuilder } from 'kysely';
import type { MagicLinkRecord } from './magic-links.repository.ts';

export type { MagicLinkRecord };

/** What other modules' queries may read of the magic links, written by the module that owns them. */
export const magicLinksReadModel = {
  /**
   * The link of this id into this event (no row for another event's), to check a token against;
   * values, or column references of the asking row.
   */
  linkOf(
    eventId: string | Expression<string>,
    linkId: string | Expression<string>,
  ): RawBuilder<MagicLinkRecord> {
    return sql<MagicLinkRecord>`select event_magic_links.id, event_magic_links.event_id,
      event_magic_links.user_id, event_magic_links.generation from event_magic_links
      where event_magic_links.id = ${linkId} and event_magic_links.event_id = ${eventId}`;
  },
};
