import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/harness.ts';
import { openDatabase } from './database.ts';

describe('embedded database', () => {
  it('keeps data across a restart', async () => {
    const dir = await tempDir('studio-db-');
    try {
      const first = await openDatabase({ dataDir: dir.path });
      await first.db.insertInto('organizations').values({ name: 'Persisted' }).execute();
      await first.close();
      const second = await openDatabase({ dataDir: dir.path });
      const rows = await second.db.selectFrom('organizations').select('name').execute();
      await second.close();
      expect(rows).toEqual([{ name: 'Persisted' }]);
    } finally {
      await dir.remove();
    }
  });

  it('isolates a transaction from queries running beside it', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const failing = database.db.transaction().execute(async (tx) => {
        await tx.insertInto('organizations').values({ name: 'Rolled back' }).execute();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('abort');
      });
      const beside = database.db.insertInto('organizations').values({ name: 'Kept' }).execute();
      await expect(failing).rejects.toThrow('abort');
      await beside;
      const names = await database.db.selectFrom('organizations').select('name').execute();
      expect(names).toEqual([{ name: 'Kept' }]);
      const { rows } = await sql<{ extname: string }>`select extname from pg_extension`.execute(database.db);
      expect(rows.map((row) => row.extname)).toContain('plpgsql');
    } finally {
      await database.close();
    }
  });
});
