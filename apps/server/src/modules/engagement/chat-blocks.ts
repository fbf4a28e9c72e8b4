import { keptUntilChanged } from '../../platform/kept-until-changed.ts';
import type { PubSub } from '../../platform/realtime/pubsub.ts';
import type { ChatRepository } from './chat.repository.ts';

/** The pub/sub channel on which a node says an event's chat blocks changed (its id only). */
const BLOCKS_CHANNEL = 'engagement_blocks';
/** Longest a node trusts its copy without hearing of a change (a lost NOTIFY while reconnecting). */
export const BLOCKS_KEPT_MS = 10_000;

/**
 * Each event's chat blocks, read once per node and kept until a block or unblock on any node
 * says they changed (issue 34 §5, §7): a post checks its poster's standing without a statement.
 */
export function createChatBlocks(
  chat: Pick<ChatRepository, 'blockedOf' | 'block' | 'unblock'>,
  pubsub: PubSub,
) {
  const blocked = keptUntilChanged(
    pubsub,
    BLOCKS_CHANNEL,
    async (eventId: string): Promise<ReadonlySet<string>> => new Set(await chat.blockedOf(eventId)),
    String,
    { maxAgeMs: BLOCKS_KEPT_MS },
  );

  return {
    isBlocked: async (eventId: string, userId: string) => (await blocked.read(eventId)).has(userId),
    /** Every blocked person of the event, in the order they were blocked. */
    blocked: (eventId: string) => chat.blockedOf(eventId),
    block: async (eventId: string, userIds: readonly string[]) => {
      await chat.block(eventId, userIds);
      await blocked.changed(eventId);
    },
    unblock: async (eventId: string, userIds: readonly string[]) => {
      await chat.unblock(eventId, userIds);
      await blocked.changed(eventId);
    },
    close: blocked.close,
  };
}

export type ChatBlocks = ReturnType<typeof createChatBlocks>;
