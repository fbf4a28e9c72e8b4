import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/** How long a node's presence rows count without its refresh (a crashed node's fade after this). */
export const PRESENCE_TTL_SECONDS = 75;

/** Who is present now: one row per open push stream, refreshed by its node (all their SQL). */
export function createPresenceRepository(db: Executor) {
  const fresh = sql<boolean>`seen_at > now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;
  return {
    async opened(row: {
      streamId: string;
      nodeId: string;
      eventId: string;
      userId: string;
      name: string;
      sessionId: string | null;
    }): Promise<void> {
      await db
        .insertInto('engagement_presence')
        .values({
          stream_id: row.streamId,
          node_id: row.nodeId,
          event_id: row.eventId,
          user_id: row.userId,
          name: row.name,
          session_id: row.sessionId,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async closed(streamId: string): Promise<void> {
      await db.deleteFrom('engagement_presence').where('stream_id', '=', streamId).execute();
    },

    /** One statement per node and refresh, however many streams it holds. */
    async refresh(nodeId: string): Promise<void> {
      await db
        .updateTable('engagement_presence')
        .set({ seen_at: sql`now()` })
        .where('node_id', '=', nodeId)
        .execute();
      await db
        .deleteFrom('engagement_presence')
        .where(sql<boolean>`not ${fresh}`)
        .execute();
    },

    /** People present in the event now, and how many per session they watch. */
    async counts(eventId: string): Promise<{ present: number; perSession: Record<string, number> }> {
      const rows = await db
        .selectFrom('engagement_presence')
        .select([
          'session_id',
          sql<number>`grouping(session_id)`.as('total'),
          sql<number>`count(distinct user_id)::int`.as('people'),
        ])
        .where('event_id', '=', eventId)
        .where(fresh)
        .groupBy(sql`rollup (session_id)`)
        .execute();
      const perSession: Record<string, number> = {};
      let present = 0;
      for (const row of rows) {
        if (Number(row.total) === 1) present = Number(row.people);
        else if (row.session_id !== null) perSession[row.session_id] = Number(row.people);
      }
      return { present, perSession };
    },

    /** A page of the people present in the event now, by name. */
    async people(
      eventId: string,
      page: { offset: number; limit: number },
    ): Promise<{ id: string; name: string }[]> {
      return db
        .selectFrom('engagement_presence')
        .select(['user_id as id', 'name'])
        .distinct()
        .where('event_id', '=', eventId)
        .where(fresh)
        .orderBy('name')
        .orderBy('user_id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
