import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not hold up (or time) the answer: the flows whose answer is the same for known
 * and unknown emails look the account up and send mail after answering. Failures are logged;
 * closing the server waits for the work in flight.
 */
export function createAfterAnswer(log: () => Pick<FastifyBaseLogger, 'error'>) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, work: () => Promise<unknown>): void {
      const task: Promise<void> = Promise.resolve()
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log().error({ err: error }, `${label} failed`),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },

    /** Resolves once no work is in flight. */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type AfterAnswer = ReturnType<typeof createAfterAnswer>;
