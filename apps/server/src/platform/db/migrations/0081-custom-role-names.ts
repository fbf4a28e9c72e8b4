import { sql, type Kysely } from 'kysely';

interface CustomRoleRow {
  id: string;
  organization_id: string;
  /** `trim(display_name)` and `lower(trim(display_name))`, as PostgreSQL computes them (the index's key). */
  trimmed: string;
  key: string;
}

/**
 * An organisation's custom roles have distinct names, case-insensitively and surrounding spaces
 * ignored: the role pickers and Settings › Permissions list roles by name only.
 *
 * Names taken before this migration are made distinct first, so the index can be built:
 * - of custom roles sharing a name in an organisation, the oldest (created_at, then id) keeps it;
 * - a custom role named like a built-in role (listed with it) keeps no name of its own;
 * - each other one is renamed `<name> (2)`, `<name> (3)`…, the first number whose name is free in its
 *   organisation (also against the names kept and the built-in roles' labels). Ids, permissions and
 *   holders stay: only the label changes. (A name near the 100-character limit may end up longer; the
 *   next edit asks for a shorter one.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const builtIn = await sql<{ key: string }>`
    select lower(trim(display_name)) as key from roles where organization_id is null
  `.execute(db);
  const builtInKeys = new Set(builtIn.rows.map((row) => row.key));
  const custom = await sql<CustomRoleRow>`
    select id, organization_id, trim(display_name) as trimmed, lower(trim(display_name)) as key
    from roles where organization_id is not null
    order by organization_id, created_at, id
  `.execute(db);

  const byOrganization = new Map<string, CustomRoleRow[]>();
  for (const row of custom.rows) {
    byOrganization.set(row.organization_id, [...(byOrganization.get(row.organization_id) ?? []), row]);
  }
  for (const rows of byOrganization.values()) {
    const taken = new Set(builtInKeys);
    const renamed: CustomRoleRow[] = [];
    for (const row of rows) {
      if (taken.has(row.key)) renamed.push(row);
      else taken.add(row.key);
    }
    for (const row of renamed) {
      // lower() works character by character: the key of `<trimmed> (n)` is `<key> (n)`.
      let number = 2;
      while (taken.has(`${row.key} (${number})`)) number += 1;
      taken.add(`${row.key} (${number})`);
      await sql`update roles set display_name = ${`${row.trimmed} (${number})`} where id = ${row.id}`.execute(
        db,
      );
    }
  }

  await sql`
    create unique index roles_organization_display_name_key
    on roles (organization_id, lower(trim(display_name)))
    where organization_id is not null
  `.execute(db);
}
