import { z } from 'zod';

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** 0 on the first try, then 1, 2 … after failures or a lost worker. */
  retryCount: number;
  /** No retry follows if this try fails: the handler may record the failure for people to see. */
  lastTry: boolean;
  /** Aborted when this process stops (or its runner is torn down): stop work, leave no output. */
  signal: AbortSignal;
}

/**
 * Lets the process's requests in between a job's units of work. On embedded PGlite a statement
 * runs on this thread and answers without waiting on I/O, so a job that runs statement after
 * statement would hold the event loop — and every request of the studio — until it ends.
 */
export const letRequestsIn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A kind of job: its queue name, its payload schema (checked when sent and when run) and its
 * retry policy. The handler is attached where the job is registered, so senders need only this.
 * Handlers must be idempotent: delivery is at least once.
 */
export interface JobKind<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  /** Tries after the first; default 5. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (back-off); default 5. */
  retryDelaySeconds?: number;
  /** How long one try may run before pg-boss gives it up (< 24 h); default 1 h. */
  expireInSeconds?: number;
  /** Jobs of this kind one process runs at once; default 1. */
  concurrency?: number;
  /**
   * While jobs of this kind run, the worker fetches more only once this many slots are free, so
   * that short jobs alike start together and share their statements (`gatherTurn` batches);
   * default 1: a free slot is filled at once.
   */
  fetchBatch?: number;
  /**
   * At most one job of this kind waits per singleton key (every send names one): sending another
   * while one waits does nothing, since the waiting one will do the same work.
   */
  oneWaitingPerKey?: boolean;
}

/** What a job about one event of an organisation carries first: whose event, and which. */
export const eventJobPayload = z.object({ organizationId: z.uuid(), eventId: z.uuid() });

/** The payload a kind of job carries. */
export type PayloadOf<Kind> = Kind extends JobKind<infer Payload> ? Payload : never;

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

// The registry keeps kinds of different payload types side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind = JobKind<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobHandler = JobHandler<any>;

export function defineJob<Payload>(kind: JobKind<Payload>): JobKind<Payload> {
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(kind.name)) throw new Error(`Invalid job name ${kind.name}`);
  return kind;
}
