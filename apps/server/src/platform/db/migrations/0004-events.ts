import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Events, series (and repeating events), templates, hub pages, tags, the duplication workflows and
 * the calendar invitations sent. Every row belongs to an organisation and optionally to a workspace;
 * every list filters by organisation first, so each index leads with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  const organization = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('organizations.id').onDelete('cascade');

  await db.schema
    .createTable('tags')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organization)
    .addColumn('tag_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One name per organisation, ignoring case; also serves the list by name.
  await sql`create unique index tags_organization_name_key on tags (organization_id, lower(tag_name))`.execute(
    db,
  );

  await db.schema
    .createTable('series')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organization)
    .addColumn('workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_repeating', 'boolean', (c) => c.notNull().defaultTo(false))
    // The repeating event's rule (domain RecurrenceRule) and the dates the organiser deleted.
    .addColumn('recurrence', 'jsonb')
    .addColumn('excluded_occurrences', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('event_type', 'text', (c) => c.notNull().defaultTo('Conference'))
    .addColumn('host_type', 'text', (c) => c.notNull().defaultTo('Virtual'))
    .addColumn('location', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index series_org_updated_idx on series (organization_id, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create index series_org_name_idx on series (organization_id, lower(name), id)`.execute(db);
  await sql`create index series_org_workspace_idx on series (organization_id, workspace_id)`.execute(db);
  await sql`create index series_name_trgm_idx on series using gin (name gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organization)
    .addColumn('workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('set null'))
    .addColumn('series_id', 'uuid', (c) => c.references('series.id').onDelete('set null'))
    // The local date naming an occurrence of a repeating event (null for other events).
    .addColumn('occurrence_key', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('host_type', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('is_blueprint', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registration_form', 'text')
    .addColumn('registration_form_data', 'jsonb')
    .addColumn('marketo_campaign_id', 'text')
    .addColumn('salesforce_campaign_id', 'text')
    .addColumn('wistia_project_id', 'text')
    .addColumn('pardot_list', 'jsonb')
    .addColumn('integration_config_updated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('builder_raw_json', 'jsonb')
    .addColumn('template_id', 'uuid')
    .addColumn('duplicated_from', 'uuid', (c) => c.references('events.id').onDelete('set null'))
    // iCalendar SEQUENCE of its invitations: raised whenever its schedule changes.
    .addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_end_after_start', sql`end_time >= start_time`)
    .execute();
  // Date orderings and the upcoming/past/non-live windows.
  await sql`create index events_org_start_idx on events (organization_id, start_time desc, id desc)`.execute(
    db,
  );
  await sql`create index events_org_end_idx on events (organization_id, end_time, id)`.execute(db);
  await sql`create index events_org_created_idx on events (organization_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index events_org_type_start_idx on events (organization_id, event_type, start_time desc, id desc)`.execute(
    db,
  );
  await sql`create index events_org_type_created_idx on events (organization_id, event_type, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index events_org_title_idx on events (organization_id, lower(title), id)`.execute(db);
  await sql`create index events_title_trgm_idx on events using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index events_org_workspace_idx on events (organization_id, workspace_id, start_time desc)`.execute(
    db,
  );
  await sql`create index events_series_start_idx on events (series_id, start_time, id)`.execute(db);
  await sql`create unique index events_series_occurrence_key on events (series_id, occurrence_key) where occurrence_key is not null`.execute(
    db,
  );
  await sql`create index events_duplicated_from_idx on events (duplicated_from)`.execute(db);

  for (const owner of ['event', 'series'] as const) {
    const table = `${owner}_tags`;
    await db.schema
      .createTable(table)
      .addColumn(`${owner}_id`, 'uuid', (c) =>
        c
          .notNull()
          .references(`${owner === 'event' ? 'events' : 'series'}.id`)
          .onDelete('cascade'),
      )
      .addColumn('tag_id', 'uuid', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint(`${table}_pkey`, [`${owner}_id`, 'tag_id'])
      .execute();
    // By tag (list filters, the video library's event_tag), the primary key serves by owner.
    await db.schema
      .createIndex(`${table}_tag_idx`)
      .on(table)
      .columns(['tag_id', `${owner}_id`])
      .execute();
  }

  await db.schema
    .createTable('studio_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organization)
    .addColumn('workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('registration_form_data', 'jsonb')
    // Domain TemplateSettings: what an event made from it takes.
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('source_event_id', 'uuid', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index studio_templates_org_created_idx on studio_templates (organization_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index studio_templates_org_title_idx on studio_templates (organization_id, lower(title), id)`.execute(
    db,
  );
  await sql`create index studio_templates_org_workspace_idx on studio_templates (organization_id, workspace_id)`.execute(
    db,
  );
  await sql`create index studio_templates_title_trgm_idx on studio_templates using gin (title gin_trgm_ops)`.execute(
    db,
  );
  await sql`alter table events add constraint events_template_fkey foreign key (template_id) references studio_templates (id) on delete set null`.execute(
    db,
  );

  await db.schema
    .createTable('hub_pages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organization)
    .addColumn('workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index hub_pages_org_created_idx on hub_pages (organization_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index hub_pages_org_name_idx on hub_pages (organization_id, lower(name), id)`.execute(db);
  await sql`create index hub_pages_org_workspace_idx on hub_pages (organization_id, workspace_id)`.execute(
    db,
  );
  await sql`create index hub_pages_name_trgm_idx on hub_pages using gin (name gin_trgm_ops)`.execute(db);
  await db.schema
    .createTable('hub_page_events')
    .addColumn('hub_page_id', 'uuid', (c) => c.notNull().references('hub_pages.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('hub_page_events_pkey', ['hub_page_id', 'event_id'])
    .execute();
  await db.schema.createIndex('hub_page_events_event_idx').on('hub_page_events').column('event_id').execute();

  // Asynchronous work on an event (spec 000 §3/§4): a parent workflow (id = the event id) and
  // its children ('event-duplication-{id}', 'async-duplication-{id}').
  await db.schema
    .createTable('event_workflows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', organization)
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('event_workflows_event_idx')
    .on('event_workflows')
    .columns(['event_id', 'status'])
    .execute();

  // Who holds which version (SEQUENCE) of an event's calendar invitation.
  await db.schema
    .createTable('event_calendar_invites')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_calendar_invites_pkey', ['event_id', 'email'])
    .execute();
}
