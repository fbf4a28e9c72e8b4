import { sql, type Kysely } from 'kysely';

/**
 * Recordings pushed to Wistia (issue 36): one row per recording (the video), its project, status
 * (pending, uploading, done, failed), Wistia's media and the last failure's message; the row makes
 * the automatic push happen once per recording. Owned by the integrations module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table wistia_pushes (
    video_id uuid primary key,
    organization_id uuid not null,
    event_id uuid not null,
    project_id text not null,
    status text not null default 'pending'
      check (status in ('pending', 'uploading', 'done', 'failed')),
    media_hashed_id text,
    error text,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index wistia_pushes_event on wistia_pushes (event_id)`.execute(db);
}
