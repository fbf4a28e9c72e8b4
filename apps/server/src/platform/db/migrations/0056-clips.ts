import { sql, type Kysely } from 'kysely';

/**
 * Content Lab clips (issue 37 §3): a range of a library video, cut by a worker into a CLIP library
 * video of its own. Owned by the clips module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table clips (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    video_asset_id uuid references video_assets(id) on delete set null,
    video_library_id uuid references video_assets(id) on delete set null,
    name text not null,
    start_time double precision not null,
    end_time double precision not null,
    vertical boolean not null default false,
    crop_x double precision not null default 0.5,
    cut_status text not null default 'QUEUED' check (cut_status in ('QUEUED', 'CUTTING', 'DONE', 'ERROR')),
    cut_mode text check (cut_mode in ('copy', 'encode')),
    cut_progress real,
    error_reason text,
    shared boolean not null default false,
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index clips_video_idx on clips (organization_id, video_asset_id, created_at desc)`.execute(
    db,
  );
  await sql`create index clips_library_video_idx on clips (video_library_id)`.execute(db);
}
