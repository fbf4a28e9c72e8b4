import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { preparedQuery, preparedStatementName } from './prepared.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const studio = fileStudio();

describe('prepared queries', () => {
  it('run with each call’s arguments; the database parses them once per connection (named statements)', async () => {
    const { db } = studio.database;
    await db
      .insertInto('organizations')
      .values([{ name: 'First' }, { name: 'Second' }])
      .execute();
    const named = await db.connection().execute(async (connection) => {
      const byName = preparedQuery<[name: string], { name: string }>(connection, 1, (name) =>
        connection.selectFrom('organizations').select('name').where('name', '=', name),
      );
      expect(await byName('First')).toEqual({ name: 'First' });
      expect(await byName('Second')).toEqual({ name: 'Second' });
      expect(await byName('Third')).toBeUndefined();
      const { rows } = await sql<{
        name: string;
      }>`select name from pg_prepared_statements where statement like '%"organizations"%'`.execute(
        connection,
      );
      return rows.map((row) => row.name);
    });
    const text = db.selectFrom('organizations').select('name').where('name', '=', '').compile().sql;
    expect(preparedStatementName(text)).toMatch(/^studio_\d+$/);
    // On PGlite too (its one connection, through the wire protocol: pglite-dialect.ts).
    expect(named).toEqual([preparedStatementName(text)]);
  });
});
