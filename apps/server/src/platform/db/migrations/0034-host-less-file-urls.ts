import { sql, type Kysely } from 'kysely';

/**
 * Uploaded files were stored as full URLs on the PUBLIC_URL of the day (`http://localhost:8080/api/
 * files/{organisation}/…`); a change of host or port left every logo, portrait and hero pointing
 * at an address the pages no longer allow. Every text and jsonb value of every table (branding,
 * brand kits, people, booths, pages, descriptions…) keeps such a URL as its content path
 * `/api/files/{organisation}/…`, whatever its host was. Other addresses stay as they are.
 */
const OWN_FILE_URL =
  'https?://[^/"\'<>[:space:]]+(/api/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.is_generated = 'NEVER'
      and c.data_type in ('text', 'character varying', 'jsonb')`.execute(db);
  for (const { table_name, column_name, data_type } of rows) {
    const column = sql.ref(column_name);
    const replaced = sql`regexp_replace(${column}::text, ${OWN_FILE_URL}, '\\1', 'g')`;
    await sql`update ${sql.table(table_name)}
      set ${column} = ${data_type === 'jsonb' ? sql`${replaced}::jsonb` : replaced}
      where ${column}::text ~ ${OWN_FILE_URL}`.execute(db);
  }
}
