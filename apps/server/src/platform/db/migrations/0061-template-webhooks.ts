import { sql, type Kysely } from 'kysely';

/**
 * Template webhooks (issue 36): an endpoint of a studio template's integration template, never
 * delivered to itself, copied onto each event made from the template; owned by the webhooks module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activity_webhooks
    add column studio_template_id uuid references studio_templates(id) on delete cascade`.execute(db);
  await sql`create index activity_webhooks_template_idx on activity_webhooks (studio_template_id)
    where studio_template_id is not null`.execute(db);
}
