import { describe, expect, it } from 'vitest';
import { createPostgresPubSub, type PubSub } from './pubsub.ts';

/**
 * Two processes' pub/sub (two connections to the test database): `one` publishes, `two` has
 * subscribed to `realtime_test` and is ready; both are closed afterwards.
 */
async function betweenTwoProcesses(run: (one: PubSub, heard: unknown[]) => Promise<void>): Promise<void> {
  const url = process.env.TEST_DATABASE_URL!;
  const quiet = { warn() {} };
  const one = createPostgresPubSub(url, quiet);
  const two = createPostgresPubSub(url, quiet);
  try {
    const heard: unknown[] = [];
    two.subscribe('realtime_test', (message) => heard.push(message));
    await two.ready();
    await run(one, heard);
  } finally {
    await one.close();
    await two.close();
  }
}

// A *.postgres.test.ts file runs in the server:postgres project only (TEST_DATABASE_URL set).
describe('PostgreSQL pub/sub', () => {
  it('carries messages between processes (two connections) with LISTEN/NOTIFY', () =>
    betweenTwoProcesses(async (one, heard) => {
      await one.publish('realtime_test', { hello: 'world' });
      await expect.poll(() => heard).toEqual([{ hello: 'world' }]);
    }));

  it('carries a message longer than a NOTIFY may be (8,000 bytes) whole, in parts', () =>
    betweenTwoProcesses(async (one, heard) => {
      // Multi-byte text and surrogate pairs across every part's edge; a short message around it.
      const long = { description: 'é😀"\\n'.repeat(20_000), id: 1 };
      await one.publish('realtime_test', long);
      await one.publish('realtime_test', { id: 2 });
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toContainEqual(long);
      expect(heard).toContainEqual({ id: 2 });
    }));
});
