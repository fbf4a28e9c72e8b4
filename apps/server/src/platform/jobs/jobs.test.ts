import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestStudio, type TestStudio } from '../../../test/harness.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import { defineJob, type JobContext } from './job-registry.ts';

const quiet = { info() {}, warn() {}, error() {} };
let studio: TestStudio;
const queues: JobQueue[] = [];
beforeAll(async () => {
  studio = await createTestStudio();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop({ timeoutMs: 100 });
  await studio.close();
});

function newQueue(leaseTimeoutSeconds = 60) {
  const queue = createJobQueue({
    database: studio.database,
    log: quiet,
    pollIntervalMs: 100,
    leaseTimeoutSeconds,
  });
  queues.push(queue);
  return queue;
}

const until = async (check: () => boolean, ms = 15_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('job queue', () => {
  it('runs sent jobs with a checked payload, retries failures with back-off, and bounds concurrency', async () => {
    const handled: string[] = [];
    const attempts = new Map<string, number[]>();
    let running = 0;
    let peak = 0;
    const greet = defineJob({
      name: 'test.greet',
      payload: z.object({ who: z.string() }),
      concurrency: 2,
      retryDelaySeconds: 1,
    });
    const handleGreet = async ({ who }: { who: string }, context: JobContext) => {
      running += 1;
      peak = Math.max(peak, running);
      try {
        attempts.set(who, [...(attempts.get(who) ?? []), context.retryCount]);
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (who === 'flaky' && context.retryCount === 0) throw new Error('first try fails');
        handled.push(who);
      } finally {
        running -= 1;
      }
    };
    const queue = newQueue();
    queue.register(greet, handleGreet);
    await queue.startWorkers();
    await expect(queue.send(greet, { who: 42 } as unknown as { who: string })).rejects.toThrow();
    for (const who of ['a', 'b', 'c', 'd', 'flaky']) await queue.send(greet, { who });
    await until(() => handled.length === 5);
    expect(handled.sort()).toEqual(['a', 'b', 'c', 'd', 'flaky']);
    expect(peak).toBe(2);
    expect(attempts.get('flaky')).toEqual([0, 1]);
    await queue.idle();
  });

  it('enqueues inside a transaction: a rolled-back transaction leaves no job', async () => {
    const seen: string[] = [];
    const note = defineJob({ name: 'test.note', payload: z.object({ text: z.string() }) });
    const queue = newQueue();
    queue.register(note, ({ text }) => {
      seen.push(text);
      return Promise.resolve();
    });
    await expect(
      studio.database.db.transaction().execute((tx) => queue.send(note, { text: 'too early' }, { tx })),
    ).rejects.toThrow('ready()');
    await queue.startWorkers();
    await studio.database.db
      .transaction()
      .execute(async (tx) => {
        await queue.send(note, { text: 'rolled back' }, { tx });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await studio.database.db.transaction().execute(async (tx) => {
      await queue.send(note, { text: 'committed' }, { tx });
    });
    await until(() => seen.length === 1);
    await queue.idle();
    expect(seen).toEqual(['committed']);
  });

  it('hands the job of a worker that died to another worker, which finishes it once', async () => {
    const finished: string[] = [];
    let started = 0;
    const slow = defineJob({ name: 'test.slow', payload: z.object({ id: z.string() }) });
    const handler =
      (name: string) =>
      async ({ id }: { id: string }, { signal }: JobContext) => {
        started += 1;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, name === 'first' ? 60_000 : 20);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason as Error);
          });
        });
        finished.push(`${name}:${id}`);
      };
    const first = newQueue(1);
    first.register(slow, handler('first'));
    await first.startWorkers();
    await first.send(slow, { id: 'x' });
    await until(() => started === 1);
    await first.abandon();

    const second = newQueue(1);
    second.register(slow, handler('second'));
    await second.startWorkers();
    await until(() => finished.length === 1);
    await second.idle();
    expect(finished).toEqual(['second:x']);
    expect(await studio.database.db.selectFrom('job_leases').selectAll().execute()).toEqual([]);
  });

  it('puts a job cut short by a stop back in the queue at once, without back-off', async () => {
    const kind = defineJob({ name: 'test.stopped', payload: z.object({}), retryDelaySeconds: 60 });
    let started = 0;
    let finished = 0;
    const first = newQueue();
    first.register(kind, (_payload, { signal }) => {
      started += 1;
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error)),
      );
    });
    await first.startWorkers();
    await first.send(kind, {});
    await until(() => started === 1);
    await first.stop({ timeoutMs: 50 });
    const second = newQueue();
    second.register(kind, () => {
      finished += 1;
      return Promise.resolve();
    });
    await second.startWorkers();
    await until(() => finished === 1, 5000);
  });
});
