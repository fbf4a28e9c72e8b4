import { sql, type Kysely } from 'kysely';

const CODE_COLUMNS = [
  'head',
  'body',
  'form_submission',
  'add_to_calendar',
  'register_cta_click',
  'custom_cta_click',
  'body_section_script',
];

/**
 * Tracking pixels of series and templates (issue 37 §7): a series' code runs on its registration
 * page, a template's is copied onto the events made from it; one row per owner that has any, the
 * same columns as `event_code_areas` (0023). The code-areas module owns them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, owner, references] of [
    ['series_code_areas', 'series_id', 'series.id'],
    ['template_code_areas', 'template_id', 'studio_templates.id'],
  ] as const) {
    let table = db.schema
      .createTable(name)
      .addColumn(owner, 'uuid', (c) => c.primaryKey().references(references).onDelete('cascade'))
      .addColumn('organization_id', 'uuid', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      );
    for (const column of CODE_COLUMNS)
      table = table.addColumn(column, 'text', (c) => c.notNull().defaultTo(''));
    await table
      .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  }
  // A template's code so far lived on the hidden event holding its programme: it becomes its own.
  const columns = sql.join(CODE_COLUMNS.map((column) => sql.ref(`code.${column}`)));
  await sql`insert into template_code_areas
      (template_id, organization_id, ${sql.join(CODE_COLUMNS.map((column) => sql.ref(column)))}, updated_by)
    select templates.id, code.organization_id, ${columns}, code.updated_by
    from studio_templates templates join event_code_areas code on code.event_id = templates.programme_event_id`.execute(
    db,
  );
}
