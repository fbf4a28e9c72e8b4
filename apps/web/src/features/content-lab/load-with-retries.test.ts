import { IMPORT_LOAD_RETRY_DELAYS_MS } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { loadWithRetries } from './load-with-retries.ts';

describe('loading the import screen', () => {
  it('tries three times, waiting 1 s then 2 s, and answers the first success', async () => {
    const waits: number[] = [];
    let tries = 0;
    const loaded = await loadWithRetries(
      () => (++tries < 3 ? Promise.reject(new Error('chunk failed')) : Promise.resolve('screen')),
      IMPORT_LOAD_RETRY_DELAYS_MS,
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    );
    expect(loaded).toBe('screen');
    expect(tries).toBe(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('gives up after the third failure with its error', async () => {
    let tries = 0;
    await expect(
      loadWithRetries(
        () => Promise.reject(new Error(`failure ${++tries}`)),
        IMPORT_LOAD_RETRY_DELAYS_MS,
        () => Promise.resolve(),
      ),
    ).rejects.toThrow('failure 3');
    expect(tries).toBe(3);
  });
});
