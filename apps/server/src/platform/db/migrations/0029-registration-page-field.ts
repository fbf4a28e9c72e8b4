import { sql, type Kysely } from 'kysely';

/**
 * An event's and a template's `builder_raw_json` is their registration page, kept by the pages
 * area (`built_pages`, migration 0025), no longer a column of their own: the events column and the
 * templates' settings key move there when no registration page is stored, then go. A template's
 * pages are its own: those its programme's hidden event received (migration 0017) move to it.
 * What a page already stored wins, as the attendee site showed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into built_pages (organization_id, owner_type, owner_id, event_id, kind, builder_raw_json)
    select organization_id, 'event', id, id, 'registration', builder_raw_json from events
    where jsonb_typeof(builder_raw_json) <> 'null' and not holds_template_programme
    on conflict (owner_type, owner_id, kind) do nothing`.execute(db);
  await db.schema.alterTable('events').dropColumn('builder_raw_json').execute();

  await sql`insert into built_pages
      (organization_id, owner_type, owner_id, template_id, kind, builder_raw_json, updated_by, updated_at)
    select pages.organization_id, 'template', templates.id, templates.id, pages.kind,
      pages.builder_raw_json, pages.updated_by, pages.updated_at
    from studio_templates as templates
    inner join built_pages as pages on pages.event_id = templates.programme_event_id
    on conflict (owner_type, owner_id, kind) do nothing`.execute(db);
  await sql`delete from built_pages
    where event_id in (select id from events where holds_template_programme)`.execute(db);
  await sql`insert into built_pages (organization_id, owner_type, owner_id, template_id, kind, builder_raw_json)
    select organization_id, 'template', id, id, 'registration', settings -> 'builder_raw_json'
    from studio_templates where jsonb_typeof(settings -> 'builder_raw_json') <> 'null'
    on conflict (owner_type, owner_id, kind) do nothing`.execute(db);
  await sql`update studio_templates set settings = settings - 'builder_raw_json'
    where settings ? 'builder_raw_json'`.execute(db);
}
