import { sql, type Kysely } from 'kysely';

/**
 * The profile of spec 001 §7 "POST create user" (title, picture, LinkedIn, Twitter, extra data,
 * the event a person was invited for) and the index the organisation's users list reads by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('title', 'text')
    .addColumn('profile_picture_url', 'text')
    .addColumn('linkedin_url', 'text')
    .addColumn('twitter_url', 'text')
    .addColumn('extra_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('invited_event_id', 'text')
    .execute();
  // The list pages an organisation's members by name; the name order needs no sort of the table.
  await sql`create index users_organization_name_idx on users (organization_id, lower(first_name), lower(last_name), id)`.execute(
    db,
  );
}
