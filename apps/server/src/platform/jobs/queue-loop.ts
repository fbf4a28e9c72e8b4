import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/executor.ts';
import { groupedWrites } from '../write-batches.ts';
import { letRequestsIn, type AnyJobHandler, type AnyJobKind } from './job-registry.ts';
import type { JobLog } from './job-queue.ts';

/**
 * Puts an active job straight back in its queue (no back-off: it did not fail, its worker went
 * away), unless it has used up its tries.
 */
export async function requeue(db: Executor, queue: string, jobId: string): Promise<void> {
  await sql`
    update pgboss.job
    set state = (case when retry_count < retry_limit then 'retry' else 'failed' end)::pgboss.job_state,
        completed_on = case when retry_count < retry_limit then null else now() end,
        start_after = now(),
        output = ${JSON.stringify({ message: 'The worker running this job stopped.' })}::jsonb
    where name = ${queue} and id = ${jobId} and state = 'active'`.execute(db);
}

/** A job as this worker took it. */
interface FetchedJob {
  id: string;
  data: unknown;
  retry_count: number;
  retry_limit: number;
}

/**
 * The queues among `queues` that have a due job waiting: one statement for every idle kind (each
 * partition's fetch index, `job_i5`), so a worker's idle cost does not grow with its kinds.
 */
export async function dueQueues(db: Executor, queues: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select distinct name from pgboss.job
    where name = any(${sql.val(queues)}::text[]) and state < 'active' and start_after < now()`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Takes up to `batchSize` due jobs of `queue` (pg-boss's fetch: oldest first, skipping those
 * another worker is taking) and leases them to `workerId`, in one statement.
 */
async function fetchAndLease(
  db: Executor,
  queue: string,
  batchSize: number,
  workerId: string,
): Promise<FetchedJob[]> {
  const { rows } = await sql<FetchedJob>`
    with next as (
      select id from pgboss.job
      where name = ${queue} and state < 'active' and start_after < now()
      order by priority desc, created_on, id
      limit ${batchSize}
      for update skip locked
    ), started as (
      update pgboss.job job
      set state = 'active',
          started_on = now(),
          retry_count = case when job.started_on is not null then job.retry_count + 1 else job.retry_count end
      from next
      where job.name = ${queue} and job.id = next.id
      returning job.id, job.data, job.retry_count, job.retry_limit
    ), leased as (
      insert into job_leases (job_id, queue, worker_id)
      select id, ${queue}, ${workerId} from started
      on conflict (job_id) do update set worker_id = excluded.worker_id
    )
    select * from started`.execute(db);
  return rows;
}

/** Completes these jobs of `queue` and ends their leases, in one statement. */
async function completeAndRelease(
  db: Executor,
  queue: string,
  jobIds: readonly string[],
  workerId: string,
): Promise<void> {
  const ids = sql`${sql.val(jobIds)}::uuid[]`;
  await sql`
    with completed as (
      update pgboss.job set state = 'completed', completed_on = now(), output = null
      where name = ${queue} and id = any(${ids}) and state = 'active'
    )
    delete from job_leases where job_id = any(${ids}) and worker_id = ${workerId}`.execute(db);
}

export interface LoopDeps {
  db: Executor;
  workerId: string;
  log: JobLog;
}

/**
 * One job kind's worker in this process: fetches up to its concurrency and runs the handlers. It
 * fetches only when woken — by a send in this process or another (`JobWakeups`), by the queue's
 * shared check of due jobs, by a job of its own ending — and again at once after a fetch that
 * filled its free slots; otherwise it sleeps. A fetch leases the jobs it takes, and the jobs that
 * end while a completion is being written are completed together in the next (`groupedWrites`):
 * jobs that ran side by side end in one statement, and free their slots together for a fetch of
 * several.
 */
export class QueueLoop {
  private running = new Map<string, AbortController>();
  private finished = new Set<Promise<void>>();
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private loopDone: Promise<void> = Promise.resolve();
  private readonly complete: (jobId: string) => Promise<void>;

  constructor(
    private readonly boss: PgBoss,
    private readonly definition: AnyJobKind,
    private readonly handle: AnyJobHandler,
    private readonly deps: LoopDeps,
  ) {
    this.complete = groupedWrites(
      (jobIds) => completeAndRelease(deps.db, definition.name, jobIds, deps.workerId),
      { gatherTurn: true },
    );
  }

  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Whether a due job would be fetched now: the shared check asks only for these kinds. */
  get wantsJobs(): boolean {
    return !this.stopping && this.room() > 0;
  }

  start(): void {
    this.loopDone = this.loop().catch((error: unknown) =>
      this.deps.log.error({ err: error }, 'job loop stopped'),
    );
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), timeoutMs).unref(),
    );
    if ((await Promise.race([Promise.all(this.finished), timeout])) === 'timeout') {
      for (const controller of this.running.values()) controller.abort(new Error('The worker is stopping.'));
      await Promise.all(this.finished);
    }
  }

  async abandon(): Promise<void> {
    this.stopping = true;
    for (const controller of this.running.values()) controller.abort(new AbandonedError());
    this.wake();
    await this.loopDone;
    await Promise.all(this.finished);
  }

  /** The jobs to fetch now: the free slots, once `fetchBatch` of them are free while others run. */
  private room(): number {
    const limit = this.definition.concurrency ?? 1;
    const batch = Math.min(limit, this.definition.fetchBatch ?? 1);
    const free = limit - this.running.size;
    return free >= batch || (free > 0 && this.running.size === 0) ? free : 0;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      if (!this.woken)
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
        });
      this.wakeUp = undefined;
      this.woken = false;
      const free = this.room();
      if (this.stopping || free === 0) continue;
      // The request that sent the job (and woke this loop) is answered before the job starts.
      await letRequestsIn();
      const jobs = await this.fetch(free);
      for (const job of jobs) this.run(job);
      // A full fetch may have left more behind.
      if (jobs.length === free) this.woken = true;
    }
  }

  /** Up to `free` jobs, leased to this worker; none when the database cannot be asked now. */
  private async fetch(free: number): Promise<FetchedJob[]> {
    try {
      return await fetchAndLease(this.deps.db, this.definition.name, free, this.deps.workerId);
    } catch (error) {
      this.deps.log.warn({ err: error, queue: this.definition.name }, 'job fetch failed');
      return [];
    }
  }

  private run(job: FetchedJob): void {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const done = this.execute(job, controller.signal).finally(() => {
      this.running.delete(job.id);
      this.finished.delete(done);
      this.wake();
    });
    this.finished.add(done);
  }

  private async execute(job: FetchedJob, signal: AbortSignal): Promise<void> {
    const { db, workerId, log } = this.deps;
    const { name } = this.definition;
    try {
      const payload: unknown = this.definition.payload.parse(job.data);
      await this.handle(payload, {
        jobId: job.id,
        retryCount: job.retry_count,
        lastTry: job.retry_count >= job.retry_limit,
        signal,
      });
      await this.complete(job.id);
      return;
    } catch (error) {
      if (signal.aborted && signal.reason instanceof AbandonedError) return;
      if (signal.aborted) {
        // Stopping: the job goes back to the queue for the next worker, at once.
        await requeue(db, name, job.id);
      } else {
        log.warn({ err: error, jobId: job.id, queue: name, retryCount: job.retry_count }, 'job failed');
        await this.boss.fail(name, job.id, {
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    await db
      .deleteFrom('job_leases')
      .where('job_id', '=', job.id)
      .where('worker_id', '=', workerId)
      .execute();
  }
}

class AbandonedError extends Error {
  constructor() {
    super('The worker was abandoned.');
  }
}
