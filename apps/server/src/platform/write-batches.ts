export interface BatchOptions {
  /**
   * The first item waits for the end of the event loop's turn, so the items that arrive in the
   * same turn (jobs started by one fetch, answers read by one poll) start the first batch with it.
   * Default: the first item is written at once.
   */
  gatherTurn?: boolean;
}

/**
 * Writes that arrive while one is running go together as the next one (a burst of chat posts is a
 * few multi-row statements, not one each): at most one batch is in flight, and each caller is
 * answered once its own item is written. A batch that fails is written again one item at a time,
 * so only the item at fault fails its caller. Reads gather the same way (the event app's admissions):
 * each item's read starts after it was asked.
 */
export function writeBatches<I, O>(
  write: (items: readonly I[]) => Promise<readonly O[]>,
  { gatherTurn = false }: BatchOptions = {},
) {
  let waiting: { item: I; resolve: (written: O) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  async function writeOne(entry: (typeof waiting)[number]) {
    try {
      const [written] = await write([entry.item]);
      entry.resolve(written as O);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const written = await write(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(written[index] as O));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else for (const entry of batch) await writeOne(entry);
      }
    }
    running = false;
  }

  return (item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (running) return;
      running = true;
      if (gatherTurn) setImmediate(() => void drain());
      else void drain();
    });
}

/** `writeBatches` for writes that answer nothing: each caller resolves once its own item is written. */
export const groupedWrites = <I>(
  write: (items: readonly I[]) => Promise<void>,
  options?: BatchOptions,
): ((item: I) => Promise<void>) =>
  writeBatches<I, void>(async (items) => {
    await write(items);
    return items.map(() => undefined);
  }, options);
