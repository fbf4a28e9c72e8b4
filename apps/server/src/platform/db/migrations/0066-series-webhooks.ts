import { sql, type Kysely } from 'kysely';

/**
 * Series webhooks (issue 36 §1): an endpoint of a series, delivered the activities of the series'
 * events; owned by the webhooks module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activity_webhooks
    add column series_id uuid references series(id) on delete cascade`.execute(db);
  await sql`create index activity_webhooks_series_idx on activity_webhooks (series_id)
    where series_id is not null`.execute(db);
}
