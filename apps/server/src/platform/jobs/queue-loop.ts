import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/executor.ts';
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

export interface LoopDeps {
  db: Executor;
  workerId: string;
  log: JobLog;
  pollIntervalMs: number;
}

/** One job kind's worker in this process: fetches up to its concurrency and runs the handlers. */
export class QueueLoop {
  private running = new Map<string, AbortController>();
  private finished = new Set<Promise<void>>();
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private loopDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly boss: PgBoss,
    private readonly definition: AnyJobKind,
    private readonly handle: AnyJobHandler,
    private readonly deps: LoopDeps,
  ) {}

  get busy(): boolean {
    return this.running.size > 0;
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

  private async loop(): Promise<void> {
    const limit = this.definition.concurrency ?? 1;
    while (!this.stopping) {
      this.woken = false;
      const free = limit - this.running.size;
      if (free > 0) {
        // The request that sent the job (and woke this loop) is answered before the job starts.
        await letRequestsIn();
        const jobs = await this.boss.fetch<unknown>(this.definition.name, {
          batchSize: free,
          includeMetadata: true,
        });
        for (const job of jobs) this.run(job);
        if (jobs.length === free) continue;
      }
      if (this.stopping || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.deps.pollIntervalMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private run(job: PgBoss.JobWithMetadata<unknown>): void {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const done = this.execute(job, controller.signal).finally(() => {
      this.running.delete(job.id);
      this.finished.delete(done);
      this.wake();
    });
    this.finished.add(done);
  }

  private async execute(job: PgBoss.JobWithMetadata<unknown>, signal: AbortSignal): Promise<void> {
    const { db, workerId, log } = this.deps;
    const { name } = this.definition;
    await db
      .insertInto('job_leases')
      .values({ job_id: job.id, queue: name, worker_id: workerId })
      .onConflict((oc) => oc.column('job_id').doUpdateSet({ worker_id: workerId }))
      .execute();
    try {
      const payload: unknown = this.definition.payload.parse(job.data);
      await this.handle(payload, {
        jobId: job.id,
        retryCount: job.retryCount,
        lastTry: job.retryCount >= job.retryLimit,
        signal,
      });
      await this.boss.complete(name, job.id);
    } catch (error) {
      if (signal.aborted && signal.reason instanceof AbandonedError) return;
      if (signal.aborted) {
        // Stopping: the job goes back to the queue for the next worker, at once.
        await requeue(db, name, job.id);
        await db
          .deleteFrom('job_leases')
          .where('job_id', '=', job.id)
          .where('worker_id', '=', workerId)
          .execute();
        return;
      }
      log.warn({ err: error, jobId: job.id, queue: name, retryCount: job.retryCount }, 'job failed');
      await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
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
