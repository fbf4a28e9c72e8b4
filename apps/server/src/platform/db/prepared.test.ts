import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, type TestStudio } from '../../../test/harness.ts';
import { preparedQuery, preparedStatementName } from './prepared.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await createTestStudio();
});
afterAll(() => studio.close());

describe('prepared queries', () => {
  it('run with each call’s arguments; PostgreSQL parses them once per connection (named statements)', async () => {
    const { db, kind } = studio.database;
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
    // PGlite runs every statement unnamed (its client has no named statements).
    expect(named).toEqual(kind === 'postgres' ? [preparedStatementName(text)] : []);
  });
});
