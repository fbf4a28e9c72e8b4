import { sql, type Kysely } from 'kysely';

/**
 * Transcripts and chapters (issue 37): how a video's transcription went (status, progress, code,
 * language, source, engine); its items stay in `transcript`, its chapters in `metadata`.
 * Owned by the video library.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table video_assets add column transcription jsonb not null default '{}'`.execute(db);
}
