import { sql, type Kysely } from 'kysely';

/**
 * The buffer video of spec 002 §3.1 (`stage_roll_video_asset`): an event's or a template's
 * reference to a library video
 * (set to null should a video go in a race with its removal; the library refuses to delete a
 * video in use). The library reads these to answer "where is this video used".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['events', 'studio_templates']) {
    await db.schema
      .alterTable(table)
      .addColumn('stage_roll_video_asset_id', 'uuid', (c) =>
        c.references('video_assets.id').onDelete('set null'),
      )
      .execute();
    await sql`create index ${sql.raw(`${table}_stage_roll_video_idx`)} on ${sql.table(table)} (organization_id, stage_roll_video_asset_id) where stage_roll_video_asset_id is not null`.execute(
      db,
    );
  }
}
