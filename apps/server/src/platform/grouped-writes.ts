/**
 * Writes that callers ask for one at a time, made together: the first ask starts a write at once;
 * asks arriving while it runs wait and are made by the next write, all in one. Each ask resolves
 * when the write that holds it is done (or rejects with its error), so a caller never goes on
 * before its own item is written — a group commit: under load, one statement for many items.
 */
export function groupedWrites<Item>(write: (items: Item[]) => Promise<void>): (item: Item) => Promise<void> {
  let waiting: { item: Item; done: () => void; failed: (error: unknown) => void }[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const taken = waiting;
      waiting = [];
      try {
        await write(taken.map((ask) => ask.item));
        for (const ask of taken) ask.done();
      } catch (error) {
        for (const ask of taken) ask.failed(error);
      }
    }
    writing = false;
  }

  return (item) =>
    new Promise<void>((done, failed) => {
      waiting.push({ item, done, failed });
      if (!writing) void drain();
    });
}
