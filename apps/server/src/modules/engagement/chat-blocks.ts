import type { PubSub } from '../../platform/realtime/pubsub.ts';
import type { ChatRepository } from './chat.repository.ts';

/** The pub/sub channel on which a node says an event's chat blocks changed (its id only). */
const BLOCKS_CHANNEL = 'engagement_blocks';
/** Longest a node trusts its copy without hearing of a change (a lost NOTIFY while reconnecting). */
export const BLOCKS_KEPT_MS = 10_000;
/** Events whose blocks a node keeps at most (then it starts afresh). */
const MAX_KEPT_EVENTS = 10_000;

/**
 * Each event's chat blocks, read once per node and kept until a block or unblock on any node
 * says they changed (issue 34 §5, §7): a post checks its poster's standing without a statement.
 * A change is heard on this node before its call answers, on the others within NOTIFY's delay.
 */
export function createChatBlocks(
  chat: Pick<ChatRepository, 'blockedOf' | 'block' | 'unblock'>,
  pubsub: PubSub,
  now: () => number = Date.now,
) {
  const kept = new Map<string, { at: number; ids: Promise<ReadonlySet<string>> }>();
  const forget = (eventId: string) => kept.delete(eventId);
  const unsubscribe = pubsub.subscribe(BLOCKS_CHANNEL, (message) => {
    if (typeof message === 'string') forget(message);
  });

  function blockedIn(eventId: string): Promise<ReadonlySet<string>> {
    const hit = kept.get(eventId);
    if (hit && now() - hit.at < BLOCKS_KEPT_MS) return hit.ids;
    if (kept.size >= MAX_KEPT_EVENTS) kept.clear();
    const ids = chat.blockedOf(eventId).then((list) => new Set(list));
    const entry = { at: now(), ids };
    kept.set(eventId, entry);
    ids.catch(() => (kept.get(eventId) === entry ? forget(eventId) : undefined));
    return ids;
  }

  async function changed(eventId: string): Promise<void> {
    forget(eventId);
    await pubsub.publish(BLOCKS_CHANNEL, eventId);
  }

  return {
    isBlocked: async (eventId: string, userId: string) => (await blockedIn(eventId)).has(userId),
    /** Every blocked person of the event, in the order they were blocked. */
    blocked: (eventId: string) => chat.blockedOf(eventId),
    block: async (eventId: string, userIds: readonly string[]) => {
      await chat.block(eventId, userIds);
      await changed(eventId);
    },
    unblock: async (eventId: string, userIds: readonly string[]) => {
      await chat.unblock(eventId, userIds);
      await changed(eventId);
    },
    close: unsubscribe,
  };
}

export type ChatBlocks = ReturnType<typeof createChatBlocks>;
