import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The database or an open transaction: repositories accept either. */
export type Executor = Kysely<Database>;
