import type { DatabaseHandle } from '../db/database.ts';
import type { JobWakeups } from '../jobs/job-queue.ts';
import { createInProcessPubSub, createPostgresPubSub, type PubSub } from './pubsub.ts';

/** PostgreSQL LISTEN/NOTIFY across processes; in-process on PGlite (one process by nature). */
export function createPubSub(
  database: DatabaseHandle,
  log: { warn(object: object, message: string): void },
): PubSub {
  return database.kind === 'postgres' && database.connectionString
    ? createPostgresPubSub(database.connectionString, log)
    : createInProcessPubSub();
}

/** Job wake-ups over the pub/sub: a job sent by an API node wakes the worker nodes at once. */
export function jobWakeups(pubsub: PubSub): JobWakeups {
  return {
    publish: (queue) => void pubsub.publish('jobs', queue).catch(() => undefined),
    subscribe: (listener) =>
      pubsub.subscribe('jobs', (queue) => typeof queue === 'string' && listener(queue)),
  };
}
