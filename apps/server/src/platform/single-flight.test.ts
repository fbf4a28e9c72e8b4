import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';

/** A load whose answers the test releases by hand. */
function manualLoad() {
  const calls: { key: string; settle: (value: string) => void; fail: (error: Error) => void }[] = [];
  const load = (key: string) =>
    new Promise<string>((resolve, reject) => calls.push({ key, settle: resolve, fail: reject }));
  return { calls, load };
}

describe('singleFlight', () => {
  it('shares one load among calls of the same key while it runs, not across keys', async () => {
    const { calls, load } = manualLoad();
    const shared = singleFlight(load, (key) => key);
    const first = shared('page-1');
    const second = shared('page-1');
    const other = shared('page-2');
    expect(calls.map((call) => call.key)).toEqual(['page-1', 'page-2']);
    calls[0]!.settle('one');
    calls[1]!.settle('two');
    expect(await Promise.all([first, second, other])).toEqual(['one', 'one', 'two']);
  });

  it('starts afresh once an answer is given, and after a shared failure', async () => {
    const { calls, load } = manualLoad();
    const shared = singleFlight(load, (key) => key);
    const failing = [shared('page'), shared('page')];
    calls[0]!.fail(new Error('database down'));
    for (const call of failing) await expect(call).rejects.toThrow('database down');
    const next = shared('page');
    expect(calls).toHaveLength(2);
    calls[1]!.settle('fresh');
    expect(await next).toBe('fresh');
    const after = shared('page');
    expect(calls).toHaveLength(3);
    calls[2]!.settle('later');
    expect(await after).toBe('later');
  });
});
