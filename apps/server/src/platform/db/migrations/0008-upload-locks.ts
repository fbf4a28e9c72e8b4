import type { Kysely } from 'kysely';

/**
 * tus locks shared by every API node: an upload's lease (who holds it, until when) and whether
 * another request asked the holder to let go (tus "requestRelease"). Kept on the upload's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('lock_holder', 'text')
    .addColumn('lock_expires_at', 'timestamptz')
    .addColumn('lock_release_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
