import { describe, expect, it } from 'vitest';
import { KEPT_READ_MAX_AGE_MS, sharedReads, singleFlight } from './single-flight.ts';

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

describe('sharedReads', () => {
  it('keeps an answer on the embedded database until a statement writes or it grows old', async () => {
    const { calls, load } = manualLoad();
    let [writes, now] = [0, 0];
    const shared = sharedReads(
      () => writes,
      () => now,
    )(load, (key) => key);
    const first = shared('page');
    calls[0]!.settle('one');
    expect(await first).toBe('one');
    expect(await shared('page')).toBe('one');
    expect(calls).toHaveLength(1);
    writes++;
    const afterWrite = shared('page');
    calls[1]!.settle('two');
    expect(await afterWrite).toBe('two');
    now += KEPT_READ_MAX_AGE_MS;
    const old = shared('page');
    calls[2]!.settle('three');
    expect(await old).toBe('three');
    expect(calls).toHaveLength(3);
  });

  it('keeps no failure, and is single-flight when the database counts no writes (PostgreSQL)', async () => {
    const { calls, load } = manualLoad();
    const kept = sharedReads(() => 0)(load, (key) => key);
    const failing = kept('page');
    calls[0]!.fail(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    const retried = kept('page');
    expect(calls).toHaveLength(2);
    calls[1]!.settle('fresh');
    expect(await retried).toBe('fresh');

    const flights = sharedReads(undefined)(load, (key) => key);
    const [a, b] = [flights('other'), flights('other')];
    calls[2]!.settle('shared');
    expect(await Promise.all([a, b])).toEqual(['shared', 'shared']);
    const next = flights('other');
    expect(calls).toHaveLength(4);
    calls[3]!.settle('afresh');
    expect(await next).toBe('afresh');
  });
});
