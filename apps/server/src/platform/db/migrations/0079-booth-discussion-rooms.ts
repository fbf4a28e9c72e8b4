import { sql, type Kysely } from 'kysely';

/**
 * A booth's discussion rooms are rooms (decisions: "A booth's discussion rooms are rooms"): each
 * room may belong to one booth (`booth_id`, gone with it), `is_booth` says it does. The groups
 * booths kept as JSON become such rooms (their ids kept when they are UUIDs), in their order, run
 * by the booth's sponsor; the JSON column goes. A room marked `is_booth` without a booth is an
 * event room again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rooms add column booth_id uuid references booths(id) on delete cascade`.execute(db);
  await sql`create index rooms_booth_idx on rooms (booth_id, rank, created_at) where booth_id is not null`.execute(
    db,
  );
  await sql`
    insert into rooms (id, event_id, name, rank, is_booth, owner_id, booth_id)
    select
      case when g.value->>'id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then (g.value->>'id')::uuid else gen_random_uuid() end,
      b.event_id, left(coalesce(nullif(trim(g.value->>'name'), ''), 'Discussion room'), 100),
      (g.ordinality - 1)::integer, true, b.owner_id, b.id
    from booths b cross join lateral jsonb_array_elements(b.discussion_groups) with ordinality as g(value, ordinality)
    on conflict (id) do nothing`.execute(db);
  await sql`update rooms set is_booth = false where booth_id is null and is_booth`.execute(db);
  await sql`alter table booths drop column discussion_groups`.execute(db);
}
