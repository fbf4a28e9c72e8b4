import { sql, type Kysely } from 'kysely';

/**
 * Posts (issue 37 item 4): social posts, emails, blog articles and key takeaways drafted from a
 * library video's transcript and edited by hand; `shared_at` set while `/shared/post/{id}` opens
 * it. Owned by the posts module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table posts (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    video_asset_id uuid not null references video_assets(id) on delete cascade,
    event_id uuid references events(id) on delete set null,
    kind text not null check (kind in ('SOCIAL', 'EMAIL', 'BLOG', 'TAKEAWAYS')),
    network text check (network in ('LINKEDIN', 'X', 'FACEBOOK')),
    title text not null default '',
    body text not null default '',
    shared_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index posts_video_idx on posts (organization_id, video_asset_id, created_at)`.execute(db);
  await sql`create index posts_event_idx on posts (event_id) where event_id is not null`.execute(db);
}
