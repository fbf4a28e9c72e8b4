import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SENT_EMAIL_TYPES, type EmailTemplate } from '@studio/domain';
import type { MailMessage } from '../../platform/mail/mail.ts';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import { testEmailComposer } from './email-composer.fixtures.ts';
import { eventFactsOf, people, quietMail, TEST_CLAIM_LEASE_MS } from './email-scheduler.fixtures.ts';
import { createEmailSendsService } from './email-sends.service.ts';
import { fileMailCatcher, fileStudioWithAdmin } from '../../../test/file-studio.ts';

/**
 * Issue 33 §6: a bulk email whose job dies mid-send is resumed by the job's next try, like the
 * scheduler's sends: the dead try's claims are retaken once their lease is over, nobody recorded
 * as sent gets a second message, and no row stays queued.
 */
const AUDIENCE = 12;

const smtp = fileMailCatcher();
const { studio, api } = fileStudioWithAdmin('Resumed Sends Org');

class WorkerDied extends Error {}

/** The sends service over the database and a real SMTP connection; `deliver` may kill the try. */
function testSends(
  registrants: {
    email: string;
    firstName: string;
    lastName: string;
    userId: string;
    registrationId: string;
  }[],
  clock: { now: Date },
  deliver: (message: MailMessage, send: (message: MailMessage) => Promise<unknown>) => Promise<unknown>,
) {
  const db = studio.database.db;
  const mail = quietMail(db, smtp.url);
  const { composer, templates, deliveries, suppression } = testEmailComposer(
    db,
    (message) => deliver(message, (m) => mail.deliver(m)) as ReturnType<typeof mail.deliver>,
    'Resumed Sends Org',
  );
  return createEmailSendsService({
    composer,
    templates,
    jobs: { send: () => Promise.reject(new Error('the test runs the job itself')) },
    eventFacts: (eventId) => eventFactsOf(db, eventId),
    registeredPerson: () => Promise.resolve(undefined),
    personById: () => Promise.resolve(undefined),
    magicLinkFor: () => Promise.resolve(null),
    eventPageUrl: () => Promise.reject(new Error('not used')),
    registrantsOf: (_eventId, page) =>
      Promise.resolve({
        count: registrants.length,
        results: registrants.slice(page.offset, page.offset + page.limit),
      }),
    registrantLinks: () =>
      Promise.resolve(() => ({ cancelLink: 'http://localhost/cancel', checkInCode: null })),
    suppressions: () => suppression,
    claims: () => deliveries,
    connections: mail.connections,
    seriesEventsOf: () => Promise.resolve([]),
    now: () => clock.now,
    claimLeaseMs: TEST_CLAIM_LEASE_MS,
  });
}

describe('a bulk email whose job dies mid-send', () => {
  it('is resumed by the next try: the rest are sent, nobody recorded as sent gets a second, nothing stays queued', async () => {
    const start = new Date(Date.now() + 5 * 86_400_000);
    const event = await newEvent(api, {
      title: 'Resumed',
      start,
      end: new Date(start.getTime() + 3_600_000),
    });
    const template = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event: event.id,
      name: 'Doors',
      subject: 'Doors open',
      email_html: '<p>See you, {{ first_name }}.</p>',
    });
    expect(template.status).toBe(201);
    const registrants = people(`resume-${randomUUID().slice(0, 8)}`, AUDIENCE).map((person) => ({
      ...person,
      userId: randomUUID(),
      registrationId: randomUUID(),
    }));
    const payload = {
      sendId: randomUUID(),
      organizationId: event.organization,
      context: 'event' as const,
      ownerId: event.id,
      eventIds: [event.id],
      templateId: template.body.id,
    };
    const clock = { now: new Date() };
    let delivered = 0;
    // The first try's worker dies after five messages left.
    const dying = testSends(registrants, clock, async (message, send) => {
      if (delivered >= 5) throw new WorkerDied('the worker died');
      delivered += 1;
      return send(message);
    });
    await expect(dying.sendToRegistrants(payload)).rejects.toThrow(WorkerDied);
    const rows = () =>
      studio.database.db
        .selectFrom('email_deliveries')
        .select(['recipient', 'status', 'event_id', 'email_type'])
        .where('registrants_send_id', '=', payload.sendId)
        .execute();
    const atDeath = await rows();
    const sentBefore = atDeath.filter((row) => row.status === 'sent').map((row) => row.recipient);
    expect(sentBefore).toHaveLength(5);
    expect(atDeath.filter((row) => row.status === 'sending').length).toBeGreaterThan(0);

    // A retry within the lease leaves the dead try's claims alone: nothing is sent twice.
    const next = testSends(registrants, clock, (message, send) => send(message));
    expect(await next.sendToRegistrants(payload)).toBe('retry');
    // Once the lease is over, the next try takes them up.
    clock.now = new Date(Date.now() + TEST_CLAIM_LEASE_MS + 60_000);
    expect(await next.sendToRegistrants(payload)).toBe('done');
    const received = (email: string) =>
      smtp.messages.filter(
        (message) => message.envelopeTo.includes(email) && message.subject === 'Doors open',
      ).length;
    for (const person of registrants) expect(received(person.email)).toBe(1);
    const settled = await rows();
    expect(settled).toHaveLength(AUDIENCE);
    for (const row of settled)
      expect(row).toMatchObject({ status: 'sent', event_id: event.id, email_type: SENT_EMAIL_TYPES.bulk });
    // A further try of the same send sends nothing more.
    expect(await next.sendToRegistrants(payload)).toBe('done');
    for (const person of registrants) expect(received(person.email)).toBe(1);
  });
});
