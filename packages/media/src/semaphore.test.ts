import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.ts';

function deferred() {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('never runs more tasks than its limit, and starts waiters in order', async () => {
    const slots = new Semaphore(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) => slots.run(async () => (started.push(i), gate.done)));
    await tick();
    expect(started).toEqual([0, 1]);
    expect(slots.active).toBe(2);
    gates[1]?.release();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.release();
    gates[2]?.release();
    await Promise.all(runs);
    expect(slots.active).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('stops waiting for a slot when aborted, without taking one', async () => {
    const slots = new Semaphore(1);
    const gate = deferred();
    const running = slots.run(() => gate.done);
    const controller = new AbortController();
    const waiting = slots.run(() => Promise.resolve('never'), controller.signal);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    gate.release();
    await running;
    expect(slots.active).toBe(0);
  });

  it('starts waiters when its limit is raised', async () => {
    const slots = new Semaphore(1);
    const gate = deferred();
    let secondStarted = false;
    const runs = [slots.run(() => gate.done), slots.run(() => Promise.resolve((secondStarted = true)))];
    await tick();
    expect(secondStarted).toBe(false);
    slots.resize(2);
    await tick();
    expect(secondStarted).toBe(true);
    gate.release();
    await Promise.all(runs);
  });

  it.each([0, -1, 1.5])('refuses a limit of %s', (limit) => {
    expect(() => new Semaphore(limit)).toThrow(RangeError);
  });
});
