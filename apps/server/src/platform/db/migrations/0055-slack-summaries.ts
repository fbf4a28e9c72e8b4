import { sql, type Kysely } from 'kysely';

/**
 * Slack's summaries (issue 36): a summary message names its occasion (the event's start or end it
 * summarises), and a notification posts each summary once per occasion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table slack_messages add column occasion timestamptz`.execute(db);
  await sql`create unique index slack_messages_summary_once on slack_messages (notification_id, kind, occasion)
    where occasion is not null`.execute(db);
}
