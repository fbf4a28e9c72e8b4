import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileStudio } from '../../../test/file-studio.ts';
import { createPubSub, jobWakeups } from '../realtime/realtime.ts';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './job-queue.ts';
import { defineJob, type JobContext } from './job-registry.ts';

const quiet = { info() {}, warn() {}, error() {} };
const studio = fileStudio();
const queues: JobQueue[] = [];
afterAll(async () => {
  for (const queue of queues) await queue.stop({ timeoutMs: 100 });
});

function newQueue(leaseTimeoutSeconds = 60, options: Partial<JobQueueOptions> = {}) {
  const queue = createJobQueue({
    database: studio.database,
    log: quiet,
    pollIntervalMs: 100,
    leaseTimeoutSeconds,
    ...options,
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
  it('refuses a schedule longer than 12 hours when it is registered (pg-boss would refuse it at start)', () => {
    const kind = defineJob({ name: 'test.too-rare', payload: z.object({}) });
    const queue = newQueue();
    expect(() => queue.every(kind, {}, 24 * 60 * 60)).toThrow(
      'test.too-rare is scheduled every 86400 s: at most every 43200 s.',
    );
    expect(() => queue.every(kind, {}, 12 * 60 * 60)).not.toThrow();
  });

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
    // On PGlite its sweeps (every half second) would take the running jobs of the later tests' workers.
    await second.stop();
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

  // Longer than any test waits: a job these workers run was not found by a poll.
  const noPolling = { pollIntervalMs: 10 * 60_000 };

  it('wakes its workers when a job is sent, in this process and from another one', async () => {
    const seen: string[] = [];
    // Two kinds, so that neither loop has a reason of its own (a job ending) to look again.
    const [local, remote] = ['test.local', 'test.remote'].map((name) =>
      defineJob({ name, payload: z.object({}) }),
    );
    // The studio's pub/sub: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite.
    const pubsub = createPubSub(studio.database, quiet);
    try {
      const worker = newQueue(60, { ...noPolling, wakeups: jobWakeups(pubsub) });
      for (const kind of [local!, remote!])
        worker.register(kind, () => {
          seen.push(kind.name);
          return Promise.resolve();
        });
      await worker.startWorkers();
      await pubsub.ready();
      await worker.send(local!, {});
      await until(() => seen.length === 1);
      // An API process: it sends and runs no workers.
      const api = newQueue(60, { ...noPolling, wakeups: jobWakeups(pubsub) });
      api.register(remote!, () => Promise.resolve());
      await api.send(remote!, {});
      await until(() => seen.length === 2);
      await worker.idle();
      expect(seen).toEqual(['test.local', 'test.remote']);
    } finally {
      await pubsub.close();
    }
  });

  it('runs a delayed job sent by another process once due, found by the one check across all kinds', async () => {
    const ran: string[] = [];
    const kinds = ['test.quiet-a', 'test.quiet-b', 'test.later'].map((name) =>
      defineJob({ name, payload: z.object({}) }),
    );
    const queue = newQueue();
    for (const kind of kinds)
      queue.register(kind, () => {
        ran.push(kind.name);
        return Promise.resolve();
      });
    await queue.startWorkers();
    // An API process sends it: no timer of the workers' process knows its instant.
    const api = newQueue();
    api.register(kinds[2]!, () => Promise.resolve());
    const sentAt = Date.now();
    await api.send(kinds[2]!, {}, { startAfterSeconds: 1 });
    await until(() => ran.length === 1);
    expect(ran).toEqual(['test.later']);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000);
    await queue.idle();
  });

  it('wakes its own workers at the instant a job it sent is due, with no poll to find it', async () => {
    const ran: string[] = [];
    const later = defineJob({ name: 'test.at-instant', payload: z.object({ n: z.number() }) });
    const queue = newQueue(60, noPolling);
    queue.register(later, ({ n }) => {
      ran.push(`job ${n}`);
      return Promise.resolve();
    });
    await queue.startWorkers();
    // The later one sent first: the earlier one's instant still wakes the workers, then the later's.
    await queue.send(later, { n: 2 }, { startAfterSeconds: 1 });
    const startAfter = new Date(Date.now() + 500);
    await queue.send(later, { n: 1 }, { startAfter });
    // Sent for an hour from now: no timer is kept for it, and it does not run here.
    await queue.send(later, { n: 3 }, { startAfterSeconds: 3600 });
    await until(() => ran.length === 1);
    expect(ran).toEqual(['job 1']);
    expect(Date.now()).toBeGreaterThanOrEqual(startAfter.getTime());
    await until(() => ran.length === 2);
    expect(ran).toEqual(['job 1', 'job 2']);
  });

  it('keeps one waiting job per key for a kind that asks it, also on a queue an older release made', async () => {
    const ran: string[] = [];
    const payload = z.object({ who: z.string() });
    const standard = newQueue();
    standard.register(defineJob({ name: 'test.push', payload }), () => Promise.resolve());
    await standard.ready();
    await standard.stop({ timeoutMs: 100 });

    const push = defineJob({ name: 'test.push', payload, oneWaitingPerKey: true });
    const queue = newQueue();
    queue.register(push, ({ who }) => {
      ran.push(who);
      return Promise.resolve();
    });
    await queue.ready();
    await expect(queue.send(push, { who: 'Grace' })).rejects.toThrow('needs a singleton key');
    expect(await queue.send(push, { who: 'Grace' }, { singletonKey: 'grace' })).toEqual(expect.any(String));
    expect(await queue.send(push, { who: 'Grace again' }, { singletonKey: 'grace' })).toBeNull();
    expect(await queue.send(push, { who: 'Ada' }, { singletonKey: 'ada' })).toEqual(expect.any(String));
    await queue.startWorkers();
    await until(() => ran.length === 2);
    // Once the waiting one has run, the key takes a job again.
    await queue.idle();
    expect(await queue.send(push, { who: 'Grace later' }, { singletonKey: 'grace' })).toEqual(
      expect.any(String),
    );
    await until(() => ran.length === 3);
    expect(ran.sort()).toEqual(['Ada', 'Grace', 'Grace later']);
  });
});
