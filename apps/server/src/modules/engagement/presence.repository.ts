import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/** How long a node's presence rows count without its refresh (a crashed node's fade after this). */
export const PRESENCE_TTL_SECONDS = 75;

/**
 * Who is present now: one row per open push stream, counted while its node is alive (the node
 * refreshes its one row, however many streams it holds); all their SQL.
 */
export function createPresenceRepository(db: Executor) {
  const stale = sql<boolean>`seen_at <= now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;
  /** The event's presence rows of nodes alive now. */
  const presentIn = (eventId: string) =>
    db
      .selectFrom('engagement_presence as present')
      .innerJoin('engagement_nodes as node', 'node.node_id', 'present.node_id')
      .where('present.event_id', '=', eventId)
      .where(sql<boolean>`not ${stale}`);
  return {
    /** The stream's row, and its node's on the node's first stream (one statement). */
    async opened(row: {
      streamId: string;
      nodeId: string;
      eventId: string;
      userId: string;
      name: string;
      sessionId: string | null;
    }): Promise<void> {
      await db
        .with('node', (query) =>
          query
            .insertInto('engagement_nodes')
            .values({ node_id: row.nodeId })
            .onConflict((conflict) => conflict.doNothing()),
        )
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

    /** The node's one row kept alive; nodes that faded go, their streams' rows with them. */
    async refresh(nodeId: string): Promise<void> {
      await db
        .insertInto('engagement_nodes')
        .values({ node_id: nodeId })
        .onConflict((conflict) => conflict.column('node_id').doUpdateSet({ seen_at: sql`now()` }))
        .execute();
      await db.deleteFrom('engagement_nodes').where(stale).execute();
    },

    /** People present in the event now, and how many per session they watch. */
    async counts(eventId: string): Promise<{ present: number; perSession: Record<string, number> }> {
      const rows = await presentIn(eventId)
        .select([
          'present.session_id',
          sql<number>`grouping(present.session_id)`.as('total'),
          sql<number>`count(distinct present.user_id)::int`.as('people'),
        ])
        .groupBy(sql`rollup (present.session_id)`)
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
      return presentIn(eventId)
        .select(['present.user_id as id', 'present.name'])
        .distinct()
        .orderBy('present.name')
        .orderBy('present.user_id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
