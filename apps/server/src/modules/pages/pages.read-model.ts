import { sql, type RawBuilder } from 'kysely';
import type { PageOwnerType } from '@studio/domain';

/**
 * What other modules' queries may ask of built pages, written by the module that owns the table:
 * an event's or template's `builder_raw_json` is its registration page, read in the row's own
 * statement (a page of events costs no statement more).
 */
export const pagesReadModel = {
  /** The owner's registration page as stored, null while none is (`ownerId`: the asking row's column). */
  registrationPageOf(
    ownerType: Extract<PageOwnerType, 'event' | 'template'>,
    ownerId: string,
  ): RawBuilder<unknown> {
    return sql<unknown>`(select built_pages.builder_raw_json from built_pages
      where built_pages.owner_type = ${ownerType} and built_pages.owner_id = ${sql.ref(ownerId)}
        and built_pages.kind = 'registration')`;
  },
};
