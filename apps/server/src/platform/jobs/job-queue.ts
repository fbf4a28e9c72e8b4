import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { AnyJobHandler, AnyJobKind, JobHandler, JobKind } from './job-registry.ts';
import { bossDatabase, transactionDatabase } from './pg-boss-db.ts';
import { dueQueues, QueueLoop, requeue } from './queue-loop.ts';

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Tells the workers of every process that a queue has work (pub/sub); optional. */
export interface JobWakeups {
  publish(queue: string): void;
  subscribe(listener: (queue: string) => void): () => void;
}

export interface JobQueueOptions {
  database: DatabaseHandle;
  log: JobLog;
  /** How often the workers look for due jobs nobody woke them for (one statement, all kinds); default 1 s. */
  pollIntervalMs?: number;
  /** A worker that has not beaten its heart for this long is dead and its jobs are retried; default 60 s. */
  leaseTimeoutSeconds?: number;
  wakeups?: JobWakeups | undefined;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: Executor;
  /**
   * The job's key: with singletonSeconds, one such job per window; on a kind that keeps one waiting
   * job per key (`oneWaitingPerKey`), none while one with this key waits.
   */
  singletonKey?: string;
  /** With singletonKey: at most one such job per window of this many seconds. */
  singletonSeconds?: number;
  startAfterSeconds?: number;
  /** Not before this instant (a job due at a time). */
  startAfter?: Date;
}

export interface JobQueue {
  register<Payload>(kind: JobKind<Payload>, handler: JobHandler<Payload>): void;
  /**
   * Installs and opens the queue (once). Call it before a transaction that sends jobs: on PGlite
   * the queue's first start cannot run while that transaction holds the one connection.
   */
  ready(): Promise<void>;
  send<Payload>(kind: JobKind<Payload>, payload: Payload, options?: SendOptions): Promise<string | null>;
  /** Cancels the jobs of this kind sent with this singleton key that have not started yet. */
  cancelWaiting(kind: AnyJobKind, singletonKey: string): Promise<void>;
  /** Wakes the workers of a queue (after a transaction that enqueued a job has committed). */
  nudge(kind: AnyJobKind): void;
  /**
   * Sends `payload` every `seconds` while workers run — once per period across all processes (a
   * singleton key per period). A period longer than 12 hours (pg-boss's archive interval) throws.
   */
  every<Payload>(kind: JobKind<Payload>, payload: Payload, seconds: number): void;
  /** Starts this process's workers (role worker or all). */
  startWorkers(): Promise<void>;
  /** Lets running jobs finish (up to `timeoutMs`, then aborts them and leaves them for a retry) and stops. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /**
   * Stops as a killed process would: handlers are aborted and their jobs are left active, with
   * their lease, for another worker to take over once this one counts as dead. For tests.
   */
  abandon(): Promise<void>;
  /** Resolves when no job of this process is running and none of `queues` is waiting. For tests and benchmarks. */
  idle(queues?: string[]): Promise<void>;
  readonly workerId: string;
}

const HOUR = 3600;
/** pg-boss archives completed jobs after this long; a schedule's period may not be longer. */
const ARCHIVE_SECONDS = 12 * HOUR;
/**
 * A job sent by this process to start within this many ms wakes this process's workers at its
 * instant (a timer), instead of waiting up to a poll interval for the due check to find it.
 */
const WAKE_AT_START_WITHIN_MS = 5 * 60_000;

/**
 * The durable queue: pg-boss 10 in our own database (PGlite through the dialect's lock, or
 * PostgreSQL), with our worker loop around it — bounded concurrency per job kind, retries with
 * back-off, and leases so the jobs of a worker that died are retried promptly instead of waiting
 * for pg-boss's expiry. A send wakes its kind's workers at once (in this process, and in others
 * through `wakeups`); what nobody wakes them for (a delayed job come due, a retry after back-off, a
 * send from a process without wake-ups) is found by one check across all kinds per poll interval.
 * Started lazily: a process that never sends or works never installs it.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log } = options;
  const { db } = database;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseTimeoutSeconds = options.leaseTimeoutSeconds ?? 60;
  const workerId = randomUUID();
  const definitions = new Map<string, AnyJobKind>();
  const handlers = new Map<string, AnyJobHandler>();
  const loops = new Map<string, QueueLoop>();
  const timers: NodeJS.Timeout[] = [];
  /** Per queue, the starts its workers are to be woken at and the one timer set for the earliest. */
  const wakeUps = new Map<string, { starts: number[]; at: number; timer: NodeJS.Timeout }>();
  const schedules: { kind: AnyJobKind; payload: unknown; seconds: number }[] = [];
  let unsubscribe: (() => void) | undefined;
  let bossReady: Promise<PgBoss> | undefined;
  let started = false;
  let stopped = false;

  function boss(): Promise<PgBoss> {
    bossReady ??= (async () => {
      const instance = new PgBoss({
        db: bossDatabase(database),
        supervise: true,
        schedule: false,
        migrate: true,
        maintenanceIntervalSeconds: 120,
        archiveCompletedAfterSeconds: ARCHIVE_SECONDS,
        deleteAfterDays: 7,
      });
      instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await instance.start();
      const stored = new Map((await instance.getQueues()).map((queue) => [queue.name, queue]));
      for (const definition of definitions.values())
        await createQueue(instance, definition, stored.get(definition.name));
      started = true;
      return instance;
    })();
    return bossReady;
  }

  /**
   * Creates the kind's queue, or brings an existing one (`stored`, an older release's) to the kind's
   * settings where they differ.
   */
  async function createQueue(
    instance: PgBoss,
    definition: AnyJobKind,
    stored: PgBoss.QueueResult | undefined,
  ) {
    const settings = {
      name: definition.name,
      policy: definition.oneWaitingPerKey ? 'short' : 'standard',
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? HOUR,
    } satisfies PgBoss.Queue;
    if (!stored) await instance.createQueue(definition.name, settings);
    else if (Object.entries(settings).some(([key, value]) => stored[key as keyof typeof settings] !== value))
      await instance.updateQueue(definition.name, settings);
  }

  function wake(queue: string) {
    loops.get(queue)?.wake();
  }

  /**
   * Wakes this process's workers of `queue` just after `at` (a delayed job's start), when that is
   * soon: a job due at an instant starts then, not up to a poll interval later. Other processes'
   * workers still find it by their due check.
   */
  function wakeAt(queue: string, at: number) {
    if (stopped || at - Date.now() > WAKE_AT_START_WITHIN_MS) return;
    const wakeUp = wakeUps.get(queue);
    if (!wakeUp) return armWakeUp(queue, [at]);
    wakeUp.starts.push(at);
    if (at < wakeUp.at) armWakeUp(queue, wakeUp.starts);
  }

  /**
   * Sets the queue's one wake-up timer for the earliest of `starts`; when it rings, the starts
   * passed are done with (one wake for all of them) and it is set again for the next, if any.
   */
  function armWakeUp(queue: string, starts: number[]) {
    clearTimeout(wakeUps.get(queue)?.timer);
    const at = starts.reduce((earliest, start) => Math.min(earliest, start));
    // A few ms after the instant: the fetch takes jobs whose start is before the database's now().
    const timer = setTimeout(
      () => {
        const now = Date.now();
        const later = starts.filter((start) => start > now);
        wakeUps.delete(queue);
        wake(queue);
        if (later.length > 0) armWakeUp(queue, later);
      },
      Math.max(0, at - Date.now()) + 5,
    );
    timer.unref();
    wakeUps.set(queue, { starts, at, timer });
  }

  function clearTimers() {
    for (const timer of timers) clearTimeout(timer);
    for (const { timer } of wakeUps.values()) clearTimeout(timer);
    wakeUps.clear();
  }

  /** Wakes the kinds with room that have due jobs: one statement whatever the number of kinds. */
  async function checkDue(): Promise<void> {
    const idle = [...loops].filter(([, loop]) => loop.wantsJobs).map(([name]) => name);
    if (idle.length === 0) return;
    for (const name of await dueQueues(db, idle)) wake(name);
  }

  /** Retries the jobs of workers whose heart stopped; on PGlite (one process) every other worker is dead. */
  async function sweepLostWorkers(): Promise<void> {
    const everyOther = database.kind === 'pglite';
    const lost = await db
      .deleteFrom('job_leases')
      .where('worker_id', '!=', workerId)
      .where((eb) =>
        everyOther
          ? eb.val(true)
          : eb.not(
              eb.exists(
                eb
                  .selectFrom('job_workers')
                  .whereRef('job_workers.id', '=', 'job_leases.worker_id')
                  .where(
                    'job_workers.heartbeat_at',
                    '>',
                    sql<Date>`now() - make_interval(secs => ${leaseTimeoutSeconds})`,
                  )
                  .select(sql.lit(1).as('one')),
              ),
            ),
      )
      .returning(['job_id', 'queue'])
      .execute();
    for (const lease of lost) {
      log.warn({ jobId: lease.job_id, queue: lease.queue }, 'retrying the job of a lost worker');
      await requeue(db, lease.queue, lease.job_id);
      wake(lease.queue);
    }
    await db
      .deleteFrom('job_workers')
      .where('id', '!=', workerId)
      .where((eb) =>
        everyOther
          ? eb.val(true)
          : eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${leaseTimeoutSeconds * 10})`),
      )
      .execute();
  }

  async function heartbeat(): Promise<void> {
    await db
      .insertInto('job_workers')
      .values({ id: workerId, heartbeat_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: sql<Date>`now()` }))
      .execute();
  }

  /** Runs `task` every `ms`, skipping a beat while the last run is still going (a loaded database). */
  const every = (ms: number, task: () => Promise<void>, what: string) => {
    let running = false;
    const timer = setInterval(() => {
      if (stopped || running) return;
      running = true;
      task()
        .catch((error: unknown) => log.error({ err: error }, what))
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    timers.push(timer);
  };

  const queue: JobQueue = {
    workerId,

    register(kind, handler) {
      if (definitions.has(kind.name)) throw new Error(`Job ${kind.name} is registered twice`);
      definitions.set(kind.name, kind);
      handlers.set(kind.name, handler as AnyJobHandler);
      if (bossReady)
        void bossReady.then(async (instance) =>
          createQueue(instance, kind, (await instance.getQueue(kind.name)) ?? undefined),
        );
    },

    every(kind, payload, seconds) {
      // Refused here, when the area registers it, rather than by pg-boss when the workers start.
      if (seconds > ARCHIVE_SECONDS)
        throw new Error(`${kind.name} is scheduled every ${seconds} s: at most every ${ARCHIVE_SECONDS} s.`);
      schedules.push({ kind, payload, seconds });
    },

    nudge(kind) {
      wake(kind.name);
      options.wakeups?.publish(kind.name);
    },

    async ready() {
      await boss();
    },

    async send(definition, payload, sendOptions = {}) {
      if (!definitions.has(definition.name)) throw new Error(`Job ${definition.name} is not registered`);
      const data = definition.payload.parse(payload) as object;
      if (definition.oneWaitingPerKey && !sendOptions.singletonKey)
        throw new Error(`Job ${definition.name} needs a singleton key`);
      if (sendOptions.tx && !started)
        throw new Error('Call ready() before sending jobs inside a transaction.');
      const instance = await boss();
      const id = await instance.send(definition.name, data, {
        ...(sendOptions.tx ? { db: transactionDatabase(sendOptions.tx) } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.singletonSeconds ? { singletonSeconds: sendOptions.singletonSeconds } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      });
      const startsAt = sendOptions.startAfter
        ? sendOptions.startAfter.getTime()
        : sendOptions.startAfterSeconds
          ? Date.now() + sendOptions.startAfterSeconds * 1000
          : undefined;
      if (id && startsAt !== undefined && startsAt > Date.now()) wakeAt(definition.name, startsAt);
      else if (id && !sendOptions.tx) {
        wake(definition.name);
        options.wakeups?.publish(definition.name);
      }
      return id;
    },

    async cancelWaiting(kind, singletonKey) {
      await boss();
      await sql`
        update pgboss.job set state = 'cancelled', completed_on = now()
        where name = ${kind.name} and singleton_key = ${singletonKey} and state in ('created', 'retry')`.execute(
        db,
      );
    },

    async startWorkers() {
      if (loops.size > 0) return;
      const instance = await boss();
      await heartbeat();
      await sweepLostWorkers();
      every((leaseTimeoutSeconds * 1000) / 4, heartbeat, 'job worker heartbeat failed');
      every((leaseTimeoutSeconds * 1000) / 2, sweepLostWorkers, 'job lease sweep failed');
      for (const definition of definitions.values()) {
        const loop = new QueueLoop(instance, definition, handlers.get(definition.name)!, {
          db,
          workerId,
          log,
        });
        loops.set(definition.name, loop);
        loop.start();
      }
      await checkDue();
      every(pollIntervalMs, checkDue, 'job due check failed');
      unsubscribe = options.wakeups?.subscribe(wake);
      for (const schedule of schedules) {
        const fire = async () => {
          await queue.send(schedule.kind, schedule.payload, {
            singletonKey: `every:${schedule.kind.name}`,
            singletonSeconds: schedule.seconds,
          });
        };
        await fire();
        every(schedule.seconds * 1000, fire, `scheduling ${schedule.kind.name} failed`);
      }
    },

    async stop({ timeoutMs = 10_000 } = {}) {
      if (stopped) return;
      stopped = true;
      clearTimers();
      unsubscribe?.();
      await Promise.all([...loops.values()].map((loop) => loop.stop(timeoutMs)));
      if (loops.size > 0) await db.deleteFrom('job_workers').where('id', '=', workerId).execute();
      if (bossReady) await (await bossReady).stop({ graceful: false, close: false, wait: true });
    },

    async abandon() {
      stopped = true;
      clearTimers();
      unsubscribe?.();
      await Promise.all([...loops.values()].map((loop) => loop.abandon()));
      if (bossReady) await (await bossReady).stop({ graceful: false, close: false, wait: true });
    },

    async idle(queues = [...definitions.keys()]) {
      const instance = await boss();
      for (;;) {
        const running = [...loops.values()].some((loop) => loop.busy);
        const waiting = await Promise.all(
          queues.map((name) => instance.getQueueSize(name, { before: 'completed' })),
        );
        if (!running && waiting.every((size) => size === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  return queue;
}
