import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { MODERATED_CHAT_CHANNELS, type ChatChannelKind } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { pagedList, type PagedRows, type PageWindow } from '../../platform/db/paged-list.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { writeBatches } from '../../platform/write-batches.ts';
import type { EngagementMessageTable } from './engagement.tables.ts';
import { eventRows } from '../../platform/db/scoped-row.ts';

export type MessageRow = Selectable<EngagementMessageTable>;
export type NewMessage = Omit<MessageRow, 'id' | 'pinned' | 'created_at'>;

/** One conversation: a channel of the event, or the direct messages between two people. */
export type Conversation =
  | { channel: Exclude<ChatChannelKind, 'direct'>; channelId: string | null }
  | { channel: 'direct'; between: readonly [string, string] };

/** Chat messages and chat blocks (all their SQL). */
export function createChatRepository(db: Executor) {
  return {
    /**
     * Stores a message, answered once its row is written; a burst's messages go as one multi-row
     * insert (writeBatches), each stamped in its order by `clock_timestamp()` (history's order).
     */
    insert: writeBatches(async (messages: readonly NewMessage[]): Promise<MessageRow[]> => {
      const values = messages.map((message) => ({
        ...message,
        id: randomUUID(),
        created_at: sql<Date>`clock_timestamp()`,
      }));
      const rows = await db.insertInto('engagement_messages').values(values).returningAll().execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return values.map((value) => byId.get(value.id)!);
    }),

    /** The messages named, in history's order (oldest first: a pushed burst reads as the chat does). */
    async byIds(ids: readonly string[]): Promise<MessageRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('engagement_messages')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    inEvent: (eventId: string, id: string): Promise<MessageRow | undefined> =>
      eventRows.find(db, 'engagement_messages', eventId, id),

    /** A page of the conversation, newest first, older than the message `before` names. */
    async history(
      eventId: string,
      conversation: Conversation,
      page: { before: string | undefined; limit: number },
    ): Promise<MessageRow[]> {
      let query = db
        .selectFrom('engagement_messages')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('channel', '=', conversation.channel);
      if (conversation.channel === 'direct') {
        const [one, other] = conversation.between;
        query = query.where((where) =>
          where.or([
            where.and([where('author_id', '=', one), where('channel_id', '=', other)]),
            where.and([where('author_id', '=', other), where('channel_id', '=', one)]),
          ]),
        );
      } else
        query =
          conversation.channelId === null
            ? query.where('channel_id', 'is', null)
            : query.where('channel_id', '=', conversation.channelId);
      if (page.before)
        query = query.where(
          sql<boolean>`(created_at, id) < (select created_at, id from engagement_messages where id = ${page.before})`,
        );
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
    },

    /** A page of the event's messages of the moderated channels (the studio's queue), newest first. */
    async pageOfEvent(eventId: string, page: PageWindow): Promise<PagedRows<MessageRow>> {
      const matching = db
        .selectFrom('engagement_messages')
        .where('event_id', '=', eventId)
        .where('channel', 'in', MODERATED_CHAT_CHANNELS);
      const rows = matching.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
      return pagedList(matching, rows, page);
    },

    /** Deletes every message of the event's moderated channels (their threads' replies with them), in one statement. */
    async clear(eventId: string): Promise<void> {
      await db
        .deleteFrom('engagement_messages')
        .where('event_id', '=', eventId)
        .where('channel', 'in', MODERATED_CHAT_CHANNELS)
        .execute();
    },

    setPinned: (eventId: string, id: string, pinned: boolean): Promise<MessageRow | undefined> =>
      eventRows.updateReturning(db, 'engagement_messages', eventId, id, { pinned }),

    remove: async (eventId: string, id: string): Promise<boolean> =>
      isUuid(id) && eventRows.delete(db, 'engagement_messages', eventId, id),

    async block(eventId: string, userIds: readonly string[]): Promise<void> {
      await db
        .insertInto('engagement_chat_blocks')
        .values(userIds.map((user_id) => ({ event_id: eventId, user_id })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async unblock(eventId: string, userIds: readonly string[]): Promise<void> {
      await db
        .deleteFrom('engagement_chat_blocks')
        .where('event_id', '=', eventId)
        .where('user_id', 'in', userIds)
        .execute();
    },

    async blockedOf(eventId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('engagement_chat_blocks')
        .select('user_id')
        .where('event_id', '=', eventId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.user_id);
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
