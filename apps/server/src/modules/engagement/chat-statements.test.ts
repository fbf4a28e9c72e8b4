import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountingStudio, type CountingStudio } from '../../../test/statement-counter.ts';
import { chatOnNow } from './engagement.fixtures.ts';

/**
 * What a chat post costs the database (issue 34, sustained chat): what every post asks and that
 * changes rarely is kept per node, so the post's own statements are its writes.
 */
let studio: CountingStudio;
let post: (text: string) => Promise<void>;

beforeAll(async () => {
  studio = await createCountingStudio();
  ({ post } = await chatOnNow(studio, 'Counted Chat'));
});
afterAll(() => studio.close());

describe('statements of a chat post', () => {
  it('asks nothing of the host’s domain or the webhooks again, and writes its hit, message and analytics row once each', async () => {
    await post('first');
    const statements = await studio.statementsOf(() => post('second'));
    expect(statements).not.toContain('select registration_domains');
    expect(statements).not.toContain('select activity_webhooks');
    expect(statements.filter((statement) => statement.startsWith('insert'))).toEqual([
      // The rate limit's counter (raw SQL names no table here), the message, the analytics row.
      'insert ',
      'insert engagement_messages',
      'insert analytics_rollups,added,analytics_events,unnest,occurred_at,excluded',
    ]);
  });
});
