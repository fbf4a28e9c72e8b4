import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { OneTimeCodePurpose } from './auth.tables.ts';

export function createOneTimeCodesRepository(db: Executor) {
  return {
    /** Stores a new code for the user and purpose; earlier unused ones stop working. Expiry follows the database clock. */
    async replace(
      userId: string,
      purpose: OneTimeCodePurpose,
      codeHash: string,
      ttlSeconds: number,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .updateTable('one_time_codes')
        .set({ used_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      await tx
        .insertInto('one_time_codes')
        .values({
          user_id: userId,
          purpose,
          code_hash: codeHash,
          expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds}::int)`,
          used_at: null,
        })
        .execute();
    },

    /**
     * Counts one try against the user's live code for the purpose, atomically, and answers it for
     * comparison; undefined when there is none or its tries are used up.
     */
    async claimAttempt(
      userId: string,
      purpose: OneTimeCodePurpose,
      maxAttempts: number,
    ): Promise<{ id: string; code_hash: string } | undefined> {
      return db
        .updateTable('one_time_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', (eb) =>
          eb
            .selectFrom('one_time_codes')
            .select('id')
            .where('user_id', '=', userId)
            .where('purpose', '=', purpose)
            .where('used_at', 'is', null)
            .where('expires_at', '>', sql<Date>`now()`)
            .orderBy('created_at', 'desc')
            .orderBy('id')
            .limit(1),
        )
        .where('attempts', '<', maxAttempts)
        .returning(['id', 'code_hash'])
        .executeTakeFirst();
    },

    /** Spends the code once: false when it was spent (or expired) meanwhile. */
    async markUsed(id: string, tx: Executor = db): Promise<boolean> {
      const result = await tx
        .updateTable('one_time_codes')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type OneTimeCodesRepository = ReturnType<typeof createOneTimeCodesRepository>;
