/**
 * Calls with the same key while one is in flight share its answer instead of starting their own
 * (public pages under a crowd: 200 visitors of one page make one set of reads a wave, not 200). A
 * caller may so get an answer begun up to one read before it asked — never older — and a failure
 * is shared the same way; the next call after an answer starts afresh.
 */
export function singleFlight<A extends unknown[], R>(
  load: (...args: A) => Promise<R>,
  keyOf: (...args: A) => string,
): (...args: A) => Promise<R> {
  const inFlight = new Map<string, Promise<R>>();
  return (...args) => {
    const key = keyOf(...args);
    const running = inFlight.get(key);
    if (running) return running;
    const started = load(...args).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}

/** Longest a kept answer serves on the embedded database: bounds what the clock alone changes. */
export const KEPT_READ_MAX_AGE_MS = 1000;
const MAX_KEPT_READS = 10_000;

/**
 * The public pages' shared reads. On PostgreSQL (many processes, writes this one does not see) they
 * are single-flight. On the embedded database one process sees every write, but each statement runs
 * to its end before another request is read, so no two visitors are ever in flight together; there
 * an answer is kept while no statement has written since it began (and for at most
 * KEPT_READ_MAX_AGE_MS), which is still the database's answer.
 */
export function sharedReads(writes: (() => number) | undefined, now: () => number = Date.now) {
  return <A extends unknown[], R>(
    load: (...args: A) => Promise<R>,
    keyOf: (...args: A) => string,
  ): ((...args: A) => Promise<R>) => {
    if (!writes) return singleFlight(load, keyOf);
    const kept = new Map<string, { writes: number; at: number; answer: Promise<R> }>();
    return (...args) => {
      const key = keyOf(...args);
      const [count, at] = [writes(), now()];
      const hit = kept.get(key);
      if (hit && hit.writes === count && at - hit.at < KEPT_READ_MAX_AGE_MS) return hit.answer;
      if (kept.size >= MAX_KEPT_READS) kept.clear();
      const answer = load(...args);
      kept.set(key, { writes: count, at, answer });
      answer.catch(() => {
        if (kept.get(key)?.answer === answer) kept.delete(key);
      });
      return answer;
    };
  };
}
