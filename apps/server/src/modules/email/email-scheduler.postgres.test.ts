import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileMailCatcher, fileStudioWithAdmin } from '../../../test/file-studio.ts';
import { DEFAULT_MAIL_POOL_CONNECTIONS } from '../../platform/mail/mail.ts';
import { dueSend, people, testScheduler, TEST_CLAIM_LEASE_MS } from './email-scheduler.fixtures.ts';

/**
 * Issue 33 §5 with a real crash: a worker process is killed (SIGKILL) mid-batch; the next worker
 * sends the rest. PostgreSQL only: two processes share the database.
 */
const WORKER = fileURLToPath(new URL('../../../test/scheduled-send-process.ts', import.meta.url));
const AUDIENCE = 60;

// A slow server: the killed worker is caught with messages under way.
const smtp = fileMailCatcher({ delayMs: 40 });
const { studio, api } = fileStudioWithAdmin('Killed Worker Org');

const statuses = async (sendId: string) =>
  Object.fromEntries(
    (
      await studio.database.db
        .selectFrom('email_deliveries')
        .select(['recipient', 'status'])
        .where('send_id', '=', sendId)
        .execute()
    ).map((row) => [row.recipient, row.status]),
  );

describe('the email scheduler across a killed worker process', () => {
  it('sends the rest after the kill; nobody recorded as sent gets a second, only messages in flight may', async () => {
    const db = studio.database.db;
    const clock = { now: new Date() };
    const audience = people('killed', AUDIENCE);
    const next = testScheduler(db, smtp.url, { audience, clock, batchSize: 20 });
    const { sendId } = await dueSend({ api, db, startInDays: 3 }, next, clock);

    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', WORKER, studio.databaseUrl!, smtp.url, sendId, 'killed', String(AUDIENCE), '20'],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    await expect
      .poll(() => smtp.messages.length, { timeout: 60_000, interval: 5 })
      // A message of the second round: the first round is recorded as sent.
      .toBeGreaterThan(DEFAULT_MAIL_POOL_CONNECTIONS);
    worker.kill('SIGKILL');
    await once(worker, 'exit');

    const atKill = await statuses(sendId);
    const sentBefore = Object.keys(atKill).filter((recipient) => atKill[recipient] === 'sent');
    expect(sentBefore.length).toBeGreaterThan(0);
    expect(sentBefore.length).toBeLessThan(AUDIENCE);

    // The next worker, once the dead one's claims are stale.
    clock.now = new Date(Date.now() + TEST_CLAIM_LEASE_MS + 60_000);
    expect(await next.scheduler.runSend(sendId)).toBe('done');
    const received = (email: string) =>
      smtp.messages.filter((message) => message.envelopeTo.includes(email)).length;
    for (const person of audience) expect(received(person.email)).toBeGreaterThanOrEqual(1);
    for (const recipient of sentBefore) expect(received(recipient)).toBe(1);
    const twice = audience.filter((person) => received(person.email) > 1).map((person) => person.email);
    for (const recipient of twice) expect(atKill[recipient]).toBe('sending');
    // At most one round: one message per pooled connection, sent but not yet recorded.
    expect(twice.length).toBeLessThanOrEqual(DEFAULT_MAIL_POOL_CONNECTIONS);
    expect(Object.values(await statuses(sendId))).toEqual(Array(AUDIENCE).fill('sent'));
  });
});
