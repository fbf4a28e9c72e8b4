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
