import { sql, type Kysely } from 'kysely';

/**
 * Content Lab projects (issue 37 §3): an organisation's named folders of the videos clips are cut
 * from. A video is in at most one project; a clip keeps the project it was cut in. The default
 * project takes the videos opened in Content Lab before any was chosen (existing clips' videos
 * move there now). Owned by the clips module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table content_projects (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    name text not null check (char_length(name) between 1 and 255),
    is_default boolean not null default false,
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index content_projects_organization_idx on content_projects (organization_id, created_at desc)`.execute(
    db,
  );
  await sql`create unique index content_projects_default_idx on content_projects (organization_id) where is_default`.execute(
    db,
  );
  await sql`create table content_project_videos (
    video_asset_id uuid primary key references video_assets(id) on delete cascade,
    project_id uuid not null references content_projects(id),
    added_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index content_project_videos_project_idx on content_project_videos (project_id, added_at desc)`.execute(
    db,
  );
  await sql`alter table clips add column project_id uuid references content_projects(id)`.execute(db);
  await sql`create index clips_project_idx on clips (project_id)`.execute(db);

  await sql`insert into content_projects (organization_id, name, is_default)
    select distinct organization_id, 'Video Library', true from clips`.execute(db);
  await sql`update clips set project_id = content_projects.id from content_projects
    where content_projects.organization_id = clips.organization_id and content_projects.is_default`.execute(
    db,
  );
  await sql`insert into content_project_videos (video_asset_id, project_id)
    select distinct video_asset_id, project_id from clips where video_asset_id is not null`.execute(db);
}
