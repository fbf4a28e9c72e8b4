import { PAGE_CODE_AREAS, type PageCodeArea, type PageCodeAreas } from '@studio/domain';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { CodeAreaColumns } from './code-areas.tables.ts';

export type StoredCode = Partial<Record<PageCodeArea | 'body_section_script', string>>;

/** An event's stored code: its six areas and its tracking snippet ('' where it has none). */
export interface EventCode {
  areas: PageCodeAreas;
  trackingSnippet: string;
}

/** Either table's row (an event's or an organisation's), or none, as the API's six areas. */
const areasOf = (row: Selectable<CodeAreaColumns> | undefined): PageCodeAreas =>
  Object.fromEntries(PAGE_CODE_AREAS.map((area) => [area, row?.[area] ?? ''])) as PageCodeAreas;

const eventCodeOf = (row: (Selectable<CodeAreaColumns> & { body_section_script: string }) | undefined) => ({
  areas: areasOf(row),
  trackingSnippet: row?.body_section_script ?? '',
});

/** The only code that touches `event_code_areas` and `organization_code_areas`. */
export function createCodeAreasRepository(db: Executor) {
  return {
    find: async (eventId: string): Promise<EventCode> =>
      eventCodeOf(
        await db
          .selectFrom('event_code_areas')
          .select([...PAGE_CODE_AREAS, 'body_section_script'])
          .where('event_id', '=', eventId)
          .executeTakeFirst(),
      ),

    /** Writes the given areas (an event's first write creates its row) and answers the whole row. */
    save: async (
      organizationId: string,
      eventId: string,
      code: StoredCode,
      userId: string,
    ): Promise<EventCode> =>
      eventCodeOf(
        await db
          .insertInto('event_code_areas')
          .values({ event_id: eventId, organization_id: organizationId, ...code, updated_by: userId })
          .onConflict((conflict) =>
            conflict.column('event_id').doUpdateSet({ ...code, updated_by: userId, updated_at: new Date() }),
          )
          .returning([...PAGE_CODE_AREAS, 'body_section_script'])
          .executeTakeFirstOrThrow(),
      ),

    /** A duplicated event gets the source's code (same organisation). */
    copy: (sourceEventId: string, targetEventId: string, tx: Executor) =>
      tx
        .insertInto('event_code_areas')
        .columns(['event_id', 'organization_id', ...PAGE_CODE_AREAS, 'body_section_script', 'updated_by'])
        .expression((eb) =>
          eb
            .selectFrom('event_code_areas')
            .select((select) => [
              select.val(targetEventId).as('event_id'),
              'organization_id',
              ...PAGE_CODE_AREAS,
              'body_section_script',
              'updated_by',
            ])
            .where('event_id', '=', sourceEventId),
        )
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .execute(),

    clear: (eventId: string, tx: Executor) =>
      tx.deleteFrom('event_code_areas').where('event_id', '=', eventId).execute(),

    /** An organisation's hub-page code areas (JavaScript embeds). */
    findOfOrganization: async (organizationId: string): Promise<PageCodeAreas> =>
      areasOf(
        await db
          .selectFrom('organization_code_areas')
          .select([...PAGE_CODE_AREAS])
          .where('organization_id', '=', organizationId)
          .executeTakeFirst(),
      ),

    saveOfOrganization: async (
      organizationId: string,
      code: Partial<Record<PageCodeArea, string>>,
      userId: string,
    ): Promise<PageCodeAreas> =>
      areasOf(
        await db
          .insertInto('organization_code_areas')
          .values({ organization_id: organizationId, ...code, updated_by: userId })
          .onConflict((conflict) =>
            conflict
              .column('organization_id')
              .doUpdateSet({ ...code, updated_by: userId, updated_at: new Date() }),
          )
          .returning([...PAGE_CODE_AREAS])
          .executeTakeFirstOrThrow(),
      ),
  };
}

export type CodeAreasRepository = ReturnType<typeof createCodeAreasRepository>;
