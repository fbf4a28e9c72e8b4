import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

export interface MagicLinkRecord {
  id: string;
  event_id: string;
  user_id: string;
  generation: number;
}

const columns = ['id', 'event_id', 'user_id', 'generation'] as const;

/** The only code that touches `event_magic_links`. */
export function createMagicLinksRepository(db: Executor) {
  return {
    /** The person's link into the event, created at generation 1 on first ask. */
    async issue(eventId: string, userId: string, tx: Executor = db): Promise<MagicLinkRecord> {
      const created = await tx
        .insertInto('event_magic_links')
        .values({ event_id: eventId, user_id: userId })
        .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
        .returning(columns)
        .executeTakeFirst();
      return (
        created ??
        tx
          .selectFrom('event_magic_links')
          .select(columns)
          .where('event_id', '=', eventId)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      );
    },

    /**
     * The people's links into the event, those without one created at generation 1: two statements
     * for any number of people (a scheduled send's batch).
     */
    async issueMany(
      eventId: string,
      userIds: readonly string[],
      tx: Executor = db,
    ): Promise<MagicLinkRecord[]> {
      if (userIds.length === 0) return [];
      await tx
        .insertInto('event_magic_links')
        .values(userIds.map((userId) => ({ event_id: eventId, user_id: userId })))
        .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
        .execute();
      return tx
        .selectFrom('event_magic_links')
        .select(columns)
        .where('event_id', '=', eventId)
        .where('user_id', 'in', userIds)
        .execute();
    },

    /** A new generation of the person's link (the first one when they had none). */
    async reissue(eventId: string, userId: string, tx: Executor = db): Promise<MagicLinkRecord> {
      return tx
        .insertInto('event_magic_links')
        .values({ event_id: eventId, user_id: userId })
        .onConflict((oc) =>
          oc.columns(['event_id', 'user_id']).doUpdateSet({
            generation: sql<number>`event_magic_links.generation + 1`,
            reissued_at: sql<Date>`now()`,
          }),
        )
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    async markUsed(id: string, at: Date, tx: Executor = db): Promise<void> {
      await tx.updateTable('event_magic_links').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}

export type MagicLinksRepository = ReturnType<typeof createMagicLinksRepository>;
