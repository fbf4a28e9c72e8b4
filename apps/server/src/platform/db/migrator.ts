import { Migrator, type Kysely, type Migration } from 'kysely';
import * as identity from './migrations/0001-identity.ts';

/** Append-only: a released migration never changes; add the next file instead. */
const migrations: Record<string, Migration> = {
  '0001-identity': identity,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
