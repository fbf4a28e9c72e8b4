import type { PubSub } from './realtime/pubsub.ts';

/** Keys a node keeps answers for at most (then it starts afresh). */
const MAX_KEPT_KEYS = 10_000;

/**
 * Answers read once per node and kept until a change on any node names their key on the pub/sub
 * `channel` — heard on the changing node before its call answers, on the others within NOTIFY's
 * delay — or for at most `maxAgeMs` (a message lost while the listener reconnected). For what is
 * read on every request and changed rarely, through one module's calls (`changed` after each).
 * A change forgets whatever the node holds, so an answer read before the change is never kept.
 */
export function keptUntilChanged<A extends unknown[], R>(
  pubsub: PubSub,
  channel: string,
  load: (...args: A) => Promise<R>,
  keyOf: (...args: A) => string,
  options: { maxAgeMs: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { at: number; answer: Promise<R> }>();
  const unsubscribe = pubsub.subscribe(channel, (message) => {
    if (typeof message === 'string') kept.delete(message);
  });

  function read(...args: A): Promise<R> {
    const key = keyOf(...args);
    const hit = kept.get(key);
    if (hit && now() - hit.at < options.maxAgeMs) return hit.answer;
    if (kept.size >= MAX_KEPT_KEYS) kept.clear();
    const entry = { at: now(), answer: load(...args) };
    kept.set(key, entry);
    entry.answer.catch(() => (kept.get(key) === entry ? kept.delete(key) : undefined));
    return entry.answer;
  }

  return {
    read,
    /** Tells every node (this one at once) that the key's answer changed. */
    async changed(key: string): Promise<void> {
      kept.delete(key);
      await pubsub.publish(channel, key);
    },
    close: unsubscribe,
  };
}
