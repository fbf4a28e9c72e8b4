import { describe, expect, it } from 'vitest';
import { keptUntilChanged } from './kept-until-changed.ts';
import { createInProcessPubSub } from './realtime/pubsub.ts';

/** A keeper of `answers` on the pub/sub, counting its loads, on a clock the test moves. */
function keeper(pubsub = createInProcessPubSub(), clock = { now: 0 }) {
  const loads: string[] = [];
  const answers = new Map<string, string>();
  const kept = keptUntilChanged(
    pubsub,
    'kept_test',
    (key: string) => {
      loads.push(key);
      const answer = answers.get(key);
      return answer === undefined ? Promise.reject(new Error(`no ${key}`)) : Promise.resolve(answer);
    },
    String,
    { maxAgeMs: 1_000, now: () => clock.now },
  );
  return { kept, loads, answers, clock, pubsub };
}

const heard = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('answers kept until changed', () => {
  it('reads a key once and keeps it, until this node changes it', async () => {
    const { kept, loads, answers } = keeper();
    answers.set('a', 'one');
    expect(await kept.read('a')).toBe('one');
    expect(await kept.read('a')).toBe('one');
    answers.set('a', 'two');
    await kept.changed('a');
    expect(await kept.read('a')).toBe('two');
    expect(loads).toEqual(['a', 'a']);
  });

  it('forgets a key another node changed once the message is heard, and any key after its age', async () => {
    const one = keeper();
    const other = keeper(one.pubsub);
    one.answers.set('a', 'one').set('b', 'bee');
    await one.kept.read('a');
    await one.kept.read('b');
    await other.kept.changed('a');
    await heard();
    await one.kept.read('a');
    await one.kept.read('b');
    expect(one.loads).toEqual(['a', 'b', 'a']);
    one.clock.now = 1_000;
    await one.kept.read('b');
    expect(one.loads).toEqual(['a', 'b', 'a', 'b']);
  });

  it('keeps no failure', async () => {
    const { kept, loads, answers } = keeper();
    await expect(kept.read('a')).rejects.toThrow('no a');
    answers.set('a', 'one');
    expect(await kept.read('a')).toBe('one');
    expect(loads).toEqual(['a', 'a']);
  });
});
