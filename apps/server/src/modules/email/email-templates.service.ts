import {
  BLANK_EMAIL_TEMPLATE,
  DEFAULT_EMAIL_TEMPLATES,
  defaultEmailTemplateOf,
  withTypeSubject,
  duplicateTemplateName,
  EMAIL_TEMPLATE_CONTEXTS,
  type CreateEmailTemplate,
  type EmailTemplate,
  type EmailTemplateContext,
  type EmailTemplateListItem,
  type EmailTemplatesQuery,
  type UpdateEmailTemplate,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import { timestampsOf } from '../../platform/http/answers.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { checkedEmailHtml, checkSubject } from './email-rendering.ts';
import {
  createEmailTemplatesRepository,
  type EmailTemplateRow,
  type TemplateContent,
  type TemplateContext,
} from './email-templates.repository.ts';

/** No template to send: the one chosen is gone (deleted since), or the type has no default one. */
export class EmailTemplateNotFound extends Error {}

/** The template to send has no subject (saved empty before the subject was required): it is not sent. */
export class EmailTemplateWithoutSubject extends Error {}

/** Whether the caller reads or changes a context's templates. */
export type ContextAccess = 'read' | 'update';

/**
 * The context (event, event template, series) as the caller may see it, through the back office;
 * throws 404 (HttpError) for one they cannot see.
 */
export type VisibleContext = (
  caller: Caller,
  context: EmailTemplateContext,
  id: string,
  access: ContextAccess,
) => Promise<TemplateContext>;

export interface EmailTemplatesDeps {
  db: Executor;
  visibleContext: VisibleContext;
  /** In the deletion's transaction: the schedules that send the template let go of it. */
  templateDeleted?: (organizationId: string, templateId: string, tx: Executor) => Promise<void>;
}

/** The template a send uses: a stored one, or the email type's default before any is stored. */
export type SendableTemplate = Pick<EmailTemplateRow, 'subject' | 'email_html'>;

const toTemplate = (row: EmailTemplateRow): EmailTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  email_type: row.email_type,
  email_html: row.email_html,
  email_json: row.email_json,
  event: row.event_id,
  event_template: row.event_template_id,
  series: row.series_id,
  ...timestampsOf(row),
});

const toListItem = (row: EmailTemplateRow): EmailTemplateListItem => {
  const { email_html: _html, email_json: _json, ...item } = toTemplate(row);
  return item;
};

const contextOfRow = (row: EmailTemplateRow): TemplateContext =>
  row.event_id
    ? { context: 'event', id: row.event_id, organizationId: row.organization_id }
    : row.event_template_id
      ? { context: 'event_template', id: row.event_template_id, organizationId: row.organization_id }
      : { context: 'series', id: row.series_id!, organizationId: row.organization_id };

/** The default templates of the types a context has (`emailTypes`; all when it does not say). */
const defaultContents = ({ emailTypes }: TemplateContext): TemplateContent[] =>
  DEFAULT_EMAIL_TEMPLATES.filter(({ email_type }) => !emailTypes || emailTypes.includes(email_type)).map(
    (template) => ({
      ...template,
      email_json: {
        ...BLANK_EMAIL_TEMPLATE.email_json,
        blocks: [{ type: 'html', html: template.email_html }],
      },
    }),
  );

/**
 * Email templates per context (001 §7): list, get, create, update, delete, duplicate. Subject and
 * HTML are checked (merge fields, Liquid) and the HTML sanitised on every write. A context's
 * default templates are written on its first list (lazily: no other area's creation changes);
 * until then, and for a type whose template was deleted, a send uses the type's default.
 */
export function createEmailTemplatesService(deps: EmailTemplatesDeps) {
  const { db } = deps;
  const templates = createEmailTemplatesRepository(db);

  async function seedDefaults(owner: TemplateContext): Promise<void> {
    if (await templates.wasSeeded(owner.id)) return;
    await db.transaction().execute(async (tx) => {
      if (await templates.claimSeed(owner, tx)) await templates.insertMany(owner, defaultContents(owner), tx);
    });
  }

  const checkedContent = <T extends Partial<TemplateContent>>(content: T): T => ({
    ...content,
    ...(content.subject !== undefined ? { subject: checkSubject(content.subject) } : {}),
    ...(content.email_html !== undefined ? { email_html: checkedEmailHtml(content.email_html) } : {}),
  });

  return {
    /** The template of the path's id, when the caller sees its context (guards' `load`). */
    async visibleTemplate(caller: Caller, id: string, access: ContextAccess) {
      if (!caller.organizationId) return undefined;
      const row = await templates.find(caller.organizationId, id);
      if (!row) return undefined;
      const owner = contextOfRow(row);
      await deps.visibleContext(caller, owner.context, owner.id, access);
      return row;
    },

    async list(caller: Caller, query: EmailTemplatesQuery, page: PageRequest) {
      const context = EMAIL_TEMPLATE_CONTEXTS.find((name) => query[name] !== undefined)!;
      const owner = await deps.visibleContext(caller, context, query[context]!, 'read');
      await seedDefaults(owner);
      const { count, rows } = await templates.list(owner, query.search, page);
      return { count, results: rows.map(toListItem) };
    },

    get: (row: EmailTemplateRow) => toTemplate(row),

    async create(caller: Caller, request: CreateEmailTemplate): Promise<EmailTemplate> {
      const context = EMAIL_TEMPLATE_CONTEXTS.find((name) => request[name] !== undefined)!;
      const owner = await deps.visibleContext(caller, context, request[context]!, 'update');
      const content = checkedContent({
        name: request.name,
        subject: request.subject ?? BLANK_EMAIL_TEMPLATE.subject,
        email_type: request.email_type ?? null,
        email_html: request.email_html ?? BLANK_EMAIL_TEMPLATE.email_html,
        email_json: request.email_json ?? BLANK_EMAIL_TEMPLATE.email_json,
      });
      return toTemplate(await templates.insert(owner, content, caller.userId));
    },

    async update(row: EmailTemplateRow, changes: UpdateEmailTemplate): Promise<EmailTemplate> {
      const updated = await templates.update(row.organization_id, row.id, checkedContent(changes));
      if (!updated) throw notFound();
      return toTemplate(updated);
    },

    async delete(row: EmailTemplateRow): Promise<void> {
      const deleted = await db.transaction().execute(async (tx) => {
        await deps.templateDeleted?.(row.organization_id, row.id, tx);
        return templates.delete(row.organization_id, row.id, tx);
      });
      if (!deleted) throw notFound();
    },

    /** A copy named 'Copy of ' + name (cut to 255), in the same context, of no email type. */
    async duplicate(caller: Caller, row: EmailTemplateRow): Promise<EmailTemplate> {
      const copy = {
        name: duplicateTemplateName(row.name),
        subject: row.subject,
        email_type: null,
        email_html: row.email_html,
        email_json: row.email_json,
      };
      return toTemplate(await templates.insert(contextOfRow(row), copy, caller.userId));
    },

    /** A template of the caller's organisation by id, for a send from a context the caller sees. */
    async templateForSend(owner: TemplateContext, id: string): Promise<SendableTemplate> {
      const row = await templates.find(owner.organizationId, id);
      const sameContext = row && contextOfRow(row).id === owner.id;
      if (!row || !sameContext) throw notFound();
      return row;
    },

    /** A context's templates onto another (see the repository); answers old id → new id. */
    copyContext: (...args: Parameters<typeof templates.copyContext>) => templates.copyContext(...args),
    clearContext: (...args: Parameters<typeof templates.clearContext>) => templates.clearContext(...args),

    /** The context's template of an email type (`withTypeSubject`); its default when none is stored. */
    async templateOfType(owner: TemplateContext, emailType: string): Promise<SendableTemplate> {
      const stored = await templates.findOfType(owner, emailType);
      if (stored) return withTypeSubject(stored, emailType);
      const fallback = defaultEmailTemplateOf(emailType);
      if (!fallback) throw new EmailTemplateNotFound(`No default template for the email type ${emailType}.`);
      return fallback;
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
