import { type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { TemplateOrdering } from '@studio/domain';
import { workspacesReadModel } from '../../workspaces/workspaces.read-model.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { anyBranded, findVisible, holdIfExists, pageOfNamed, type Scope } from '../event-scope.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { StudioTemplateTable } from './templates.tables.ts';
import { organizationRows } from '../../../platform/db/scoped-row.ts';

/** What templates' queries read of other areas (each supplies its own): the registration page. */
export interface TemplateColumns {
  /** The template's registration page as stored, null while none is (the pages area's). */
  registrationPageOf(templateId: string): RawBuilder<unknown>;
}

/** The only code that touches studio templates. */
export function createTemplatesRepository(db: Executor, columns: TemplateColumns) {
  const withWorkspace = (tx: Executor) =>
    tx
      .selectFrom('studio_templates')
      .selectAll('studio_templates')
      .select([
        workspacesReadModel.nameOf('studio_templates.workspace_id').as('workspace_name'),
        // Its `builder_raw_json`: its registration page, kept by the pages area.
        columns.registrationPageOf('studio_templates.id').as('builder_raw_json'),
      ]);

  return {
    /** Whether any template the scope sees has branding set. */
    anyBranded: (scope: Scope): Promise<boolean> => anyBranded(db, scope, 'studio_templates'),

    list(
      scope: Scope,
      filter: {
        search?: string | undefined;
        workspace?: string[] | undefined;
        workspace__isnull?: boolean | undefined;
        ordering: TemplateOrdering;
      },
      page: PageRequest,
      tx: Executor = db,
    ) {
      return pageOfNamed(tx, scope, 'studio_templates', 'title', filter, withWorkspace(tx), page);
    },

    find: (scope: Scope, id: string, tx: Executor = db) =>
      findVisible(withWorkspace(tx), scope, 'studio_templates', id),

    /** One template by id, whatever the caller's scope (the branding preview, once its token is checked). */
    async findById(id: string) {
      if (!isUuid(id)) return undefined;
      return withWorkspace(db).where('studio_templates.id', '=', id).executeTakeFirst();
    },

    async insert(row: Insertable<StudioTemplateTable>, tx: Executor = db): Promise<string> {
      return (await tx.insertInto('studio_templates').values(row).returning('id').executeTakeFirstOrThrow())
        .id;
    },

    /** Whether the template still exists, then held until `tx` ends (a duplicate copying from it). */
    holdIfExists: (id: string, tx: Executor) => holdIfExists(tx, 'studio_templates', id),

    /** The template's stored documents, its row locked until `tx` ends (a PATCH merges onto them). */
    locked: (id: string, tx: Executor) =>
      tx
        .selectFrom('studio_templates')
        .select(['branding', 'theme_obj', 'settings'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    async update(
      organizationId: string,
      id: string,
      changes: Updateable<StudioTemplateTable>,
      tx: Executor = db,
    ): Promise<void> {
      await organizationRows.update(tx, 'studio_templates', organizationId, id, {
        ...changes,
        updated_at: new Date(),
      });
    },

    delete(organizationId: string, id: string, tx: Executor = db): Promise<boolean> {
      return organizationRows.delete(tx, 'studio_templates', organizationId, id);
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
export type TemplateRecord = NonNullable<Awaited<ReturnType<TemplatesRepository['find']>>>;
