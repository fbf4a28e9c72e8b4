import type { Selectable } from 'kysely';
import type { EmailTemplateContext } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import type { EmailTemplatesTable } from './email-templates.tables.ts';

export type EmailTemplateRow = Selectable<EmailTemplatesTable>;

/** A context of templates: which one and whose. */
export interface TemplateContext {
  context: EmailTemplateContext;
  id: string;
  organizationId: string;
}

/** A template's stored content, as written. */
export interface TemplateContent {
  name: string;
  subject: string;
  email_type: string | null;
  email_html: string;
  email_json: Record<string, unknown>;
}

const COLUMN_OF = {
  event: 'event_id',
  event_template: 'event_template_id',
  series: 'series_id',
} as const satisfies Record<EmailTemplateContext, string>;

const contextColumns = (owner: TemplateContext) => ({
  organization_id: owner.organizationId,
  event_id: owner.context === 'event' ? owner.id : null,
  event_template_id: owner.context === 'event_template' ? owner.id : null,
  series_id: owner.context === 'series' ? owner.id : null,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The only code that touches `email_templates` and `email_template_seeds`. */
export function createEmailTemplatesRepository(db: Executor) {
  return {
    async list(owner: TemplateContext, search: string | undefined, page: PageRequest) {
      let query = db
        .selectFrom('email_templates')
        .where('organization_id', '=', owner.organizationId)
        .where(COLUMN_OF[owner.context], '=', owner.id);
      if (search) query = query.where('name', 'ilike', `%${escapeLike(search)}%`);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('created_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
        query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { count: Number(total.count), rows };
    },

    /** A template of the organisation (another's: undefined). */
    find(organizationId: string, id: string, tx: Executor = db) {
      return tx
        .selectFrom('email_templates')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The context's template of an email type (its oldest, when several claim it). */
    findOfType(owner: TemplateContext, emailType: string) {
      return db
        .selectFrom('email_templates')
        .selectAll()
        .where('organization_id', '=', owner.organizationId)
        .where(COLUMN_OF[owner.context], '=', owner.id)
        .where('email_type', '=', emailType)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    insert(owner: TemplateContext, content: TemplateContent, userId: string | null, tx: Executor = db) {
      return tx
        .insertInto('email_templates')
        .values({
          ...contextColumns(owner),
          ...content,
          email_json: JSON.stringify(content.email_json),
          created_by: userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertMany(owner: TemplateContext, contents: readonly TemplateContent[], tx: Executor) {
      if (contents.length === 0) return;
      await tx
        .insertInto('email_templates')
        .values(
          contents.map((content) => ({
            ...contextColumns(owner),
            ...content,
            email_json: JSON.stringify(content.email_json),
            created_by: null,
          })),
        )
        .execute();
    },

    update(organizationId: string, id: string, changes: Partial<TemplateContent>) {
      const { email_json, ...rest } = changes;
      return db
        .updateTable('email_templates')
        .set({
          ...rest,
          ...(email_json ? { email_json: JSON.stringify(email_json) } : {}),
          updated_at: new Date(),
        })
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(organizationId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('email_templates')
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Claims the context's one seeding: true for the first caller only (in `tx`, with the inserts). */
    async claimSeed(owner: TemplateContext, tx: Executor): Promise<boolean> {
      const claimed = await tx
        .insertInto('email_template_seeds')
        .values({ context_id: owner.id, organization_id: owner.organizationId })
        .onConflict((conflict) => conflict.column('context_id').doNothing())
        .returning('context_id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    async wasSeeded(contextId: string): Promise<boolean> {
      const row = await db
        .selectFrom('email_template_seeds')
        .select('context_id')
        .where('context_id', '=', contextId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type EmailTemplatesRepository = ReturnType<typeof createEmailTemplatesRepository>;
