import { describe, expect, it } from 'vitest';
import { writeBatches } from './write-batches.ts';

describe('writeBatches', () => {
  it('writes the first item at once and the items that arrive meanwhile as one batch, answering each its own', async () => {
    const batches: number[][] = [];
    const write = writeBatches(async (items: readonly number[]) => {
      batches.push([...items]);
      await new Promise((resolve) => setImmediate(resolve));
      return items.map((item) => item * 10);
    });
    const answers = await Promise.all([1, 2, 3, 4].map(write));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(await write(5)).toBe(50);
    expect(batches.at(-1)).toEqual([5]);
  });

  it('with gatherTurn, writes the items of one turn of the event loop as the first batch', async () => {
    const batches: number[][] = [];
    const write = writeBatches(
      async (items: readonly number[]) => {
        batches.push([...items]);
        await new Promise((resolve) => setImmediate(resolve));
        return items.map((item) => item * 10);
      },
      { gatherTurn: true },
    );
    const first = [1, 2].map(write);
    await Promise.resolve();
    const answers = await Promise.all([...first, write(3)]);
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('writes a failed batch again item by item: only the item at fault fails its caller', async () => {
    const batches: number[][] = [];
    const write = writeBatches(async (items: readonly number[]) => {
      batches.push([...items]);
      await new Promise((resolve) => setImmediate(resolve));
      if (items.includes(3)) throw new Error('three is refused');
      return items.map((item) => item + 1);
    });
    const answers = await Promise.allSettled([1, 2, 3, 4].map(write));
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : 'refused'))).toEqual([
      2,
      3,
      'refused',
      5,
    ]);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });
});
