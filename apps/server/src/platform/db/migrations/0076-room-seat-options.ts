import { sql, type Kysely } from 'kysely';

/**
 * A room's seats are one of its seat options, 1 to 50 (002 §9); rooms saved before took up to
 * 100,000. Those above the options keep the largest one, 50 seats, so the room dialog shows what is
 * stored and saving it again is accepted; the organiser may still clear it for no limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update rooms set capacity = 50 where capacity > 50`.execute(db);
}
