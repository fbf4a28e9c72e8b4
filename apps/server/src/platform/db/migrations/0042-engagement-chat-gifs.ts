import { sql, type Kysely } from 'kysely';

/** Engagement (issue 34): a chat message may carry one of the app's bundled GIFs, named by id. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table engagement_messages add column gif_id text`.execute(db);
}
