import { sql, type Kysely } from 'kysely';

/**
 * Registrant activity short URLs (002 §7.11): one per person the organisation has registered,
 * naming them on the public `/registrants-activity` page; the registration module owns it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registrant_activity_urls')
    .addColumn('short_url', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('registrant_activity_urls_person', ['organization_id', 'user_id'])
    .execute();
}
