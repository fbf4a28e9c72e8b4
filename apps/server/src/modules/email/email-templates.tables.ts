import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Migration 0035: an email template of one context (event, event template or series). */
export interface EmailTemplatesTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string | null;
  event_template_id: string | null;
  series_id: string | null;
  name: string;
  subject: string;
  email_type: string | null;
  email_html: string;
  email_json: JSONColumnType<Record<string, unknown>, string, string>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 0035: the contexts whose default templates were written (once). */
export interface EmailTemplateSeedsTable {
  context_id: string;
  organization_id: string;
  seeded_at: Generated<Date>;
}

export interface EmailTemplatesTables {
  email_templates: EmailTemplatesTable;
  email_template_seeds: EmailTemplateSeedsTable;
}
