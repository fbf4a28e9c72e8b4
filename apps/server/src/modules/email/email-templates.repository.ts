import { sql, type Selectable } from 'kysely';
import type { EmailTemplateContext } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import type { EmailTemplatesTable } from './email-templates.tables.ts';

export type EmailTemplateRow = Selectable<EmailTemplatesTable>;

/** A context of templates: which one and whose. */
export interface TemplateContext {
  context: EmailTemplateContext;
  id: string;
  organizationId: string;
  /** The email types the context has templates of, when not every type (`templateEmailTypesOf`). */
  emailTypes?: readonly string[] | null;
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
      const types = owner.emailTypes;
      if (types)
        query = query.where((eb) => eb.or([eb('email_type', 'is', null), eb('email_type', 'in', types)]));
      const [rows, total] = await Promise.all([
        // By name, as the schedule's template picker lists them (case aside; ties by age).
        query
          .selectAll()
          .orderBy(sql`lower(name)`)
          .orderBy('name')
          .orderBy('created_at')
          .orderBy('id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { count: Number(total.count), rows };
    },

    /** A template of the organisation (another's: undefined). */
    find(organizationId: string, id: string, tx: Executor = db) {
      return organizationRows.find(tx, 'email_templates', organizationId, id);
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
      return organizationRows.updateReturning(db, 'email_templates', organizationId, id, {
        ...rest,
        ...(email_json ? { email_json: JSON.stringify(email_json) } : {}),
        updated_at: new Date(),
      });
    },

    delete(organizationId: string, id: string, tx: Executor = db): Promise<boolean> {
      return organizationRows.delete(tx, 'email_templates', organizationId, id);
    },

    /**
     * Copies a context's templates onto another (a duplicated event, an event made from a template)
     * and marks the copy seeded, so its defaults are the source's, not added again; answers old id
     * → new id for the rows that refer to them (schedules).
     */
    async copyContext(
      source: Omit<TemplateContext, 'organizationId'>,
      target: Omit<TemplateContext, 'organizationId'>,
      tx: Executor,
    ): Promise<Map<string, string>> {
      const rows = await tx
        .selectFrom('email_templates')
        .selectAll()
        .where(COLUMN_OF[source.context], '=', source.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const seeded = await tx
        .selectFrom('email_template_seeds')
        .select('organization_id')
        .where('context_id', '=', source.id)
        .executeTakeFirst();
      const organizationId = rows[0]?.organization_id ?? seeded?.organization_id;
      if (!organizationId) return new Map();
      const owner = { ...target, organizationId };
      await tx
        .insertInto('email_template_seeds')
        .values({ context_id: owner.id, organization_id: organizationId })
        .onConflict((conflict) => conflict.column('context_id').doNothing())
        .execute();
      const newIds = new Map<string, string>();
      for (const row of rows) {
        const copy = await tx
          .insertInto('email_templates')
          .values({
            ...contextColumns(owner),
            name: row.name,
            subject: row.subject,
            email_type: row.email_type,
            email_html: row.email_html,
            email_json: JSON.stringify(row.email_json),
            created_by: row.created_by,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        newIds.set(row.id, copy.id);
      }
      return newIds;
    },

    /** Removes a context's templates and its seed (before a repeating event's occurrence is copied again). */
    async clearContext(context: Omit<TemplateContext, 'organizationId'>, tx: Executor): Promise<void> {
      await tx.deleteFrom('email_templates').where(COLUMN_OF[context.context], '=', context.id).execute();
      await tx.deleteFrom('email_template_seeds').where('context_id', '=', context.id).execute();
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
