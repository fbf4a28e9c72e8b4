import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountingStudio, type CountingStudio } from '../../../test/statement-counter.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { enteredAs } from '../attendee-site/event-app/event-app.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';

/**
 * What a chat post costs the database (issue 34, sustained chat): what every post asks and that
 * changes rarely is kept per node, so the post's own statements are its writes.
 */
let studio: CountingStudio;
let eventId: string;
let cookie: string;

beforeAll(async () => {
  studio = await createCountingStudio();
  const api = caller(studio, (await newAdmin(studio, 'Counted Chat')).access);
  ({ id: eventId } = await newEvent(api, {
    title: 'Chatty',
    start: new Date(Date.now() - 600_000),
    end: new Date(Date.now() + 3_600_000),
  }));
  ({ cookie } = await enteredAs(studio, api, eventId));
});
afterAll(() => studio.close());

const post = async (text: string) => {
  const answer = await studio.attendeeSite.inject({
    method: 'POST',
    url: `/e/${eventId}/api/chat/event`,
    headers: { cookie },
    payload: { text },
  });
  expect(answer.statusCode).toBe(201);
};

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
