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

/** Whose code areas and tracking snippet a row holds: an event's, a series' or a template's. */
export type CodeOwnerKind = 'event' | 'series' | 'template';
export interface CodeOwnerRef {
  kind: CodeOwnerKind;
  id: string;
}

const TABLES = {
  event: { table: 'event_code_areas', key: 'event_id' },
  series: { table: 'series_code_areas', key: 'series_id' },
  template: { table: 'template_code_areas', key: 'template_id' },
} as const;
/** The three tables have the same columns but their key's name: each is typed as the event's one. */
const tableOf = (kind: CodeOwnerKind) =>
  TABLES[kind] as unknown as { table: 'event_code_areas'; key: 'event_id' };

/** The only code that touches `event_code_areas`, `series_code_areas`, `template_code_areas` and `organization_code_areas`. */
export function createCodeAreasRepository(db: Executor) {
  return {
    find: async (owner: CodeOwnerRef): Promise<EventCode> => {
      const { table, key } = tableOf(owner.kind);
      return eventCodeOf(
        await db
          .selectFrom(table)
          .select([...PAGE_CODE_AREAS, 'body_section_script'])
          .where(key, '=', owner.id)
          .executeTakeFirst(),
      );
    },

    /** Writes the given areas (an owner's first write creates its row) and answers the whole row. */
    save: async (
      organizationId: string,
      owner: CodeOwnerRef,
      code: StoredCode,
      userId: string,
    ): Promise<EventCode> => {
      const { table, key } = tableOf(owner.kind);
      return eventCodeOf(
        await db
          .insertInto(table)
          .values({ [key]: owner.id, organization_id: organizationId, ...code, updated_by: userId } as {
            event_id: string;
            organization_id: string;
          })
          .onConflict((conflict) =>
            conflict.column(key).doUpdateSet({ ...code, updated_by: userId, updated_at: new Date() }),
          )
          .returning([...PAGE_CODE_AREAS, 'body_section_script'])
          .executeTakeFirstOrThrow(),
      );
    },

    /** A duplicated event, a template made from an event or an event from a template gets the source's code (same organisation). */
    copy: async (source: CodeOwnerRef, target: CodeOwnerRef, tx: Executor) => {
      const from = tableOf(source.kind);
      const to = tableOf(target.kind);
      await tx
        .insertInto(to.table)
        .columns([to.key, 'organization_id', ...PAGE_CODE_AREAS, 'body_section_script', 'updated_by'])
        .expression((eb) =>
          eb
            .selectFrom(from.table)
            .select((select) => [
              select.val(target.id).as(to.key),
              'organization_id',
              ...PAGE_CODE_AREAS,
              'body_section_script',
              'updated_by',
            ])
            .where(from.key, '=', source.id),
        )
        .onConflict((conflict) => conflict.column(to.key).doNothing())
        .execute();
    },

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
