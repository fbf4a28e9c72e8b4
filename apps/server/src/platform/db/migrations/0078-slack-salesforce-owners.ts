import { sql, type Kysely } from 'kysely';

/**
 * 'Slack plus Salesforce': a Slack notification may tell the registrant's Salesforce owner of a
 * type (a direct message), the channel getting every message too or only those no owner was found
 * for; a message to an owner keeps whose owner it looks up (the registrant's email) and, once
 * found, where it goes and why it went to the channel instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table slack_notifications
    add column salesforce_owner_type text,
    add column also_to_channel boolean not null default false`.execute(db);
  await sql`alter table slack_messages
    add column registrant_email text,
    add column recipient text,
    add column routing_note text`.execute(db);
}
