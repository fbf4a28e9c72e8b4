import { beforeAll, describe, expect, it } from 'vitest';
import type { EmailDeliveryPage } from '@studio/domain';
import { fileMailCatcher, fileStudioWithAdmin } from '../../../test/file-studio.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { register, registrant, registrationEvent } from '../registration/registrants/registrants.fixtures.ts';
import { createEmailAudiences } from './email-audiences.ts';
import { createEmailDeliveriesRepository } from './email-deliveries.repository.ts';
import { createSuppressionList } from './suppression.repository.ts';
import type { MailMessage, MailOutcome } from '../../platform/mail/mail.ts';
import type { ScheduledEmailRenderer } from './email-scheduler.ts';
import { createEmailTracking } from './email-tracking.ts';
import { dueSend, people, testScheduler, type TestSchedulerOptions } from './email-scheduler.fixtures.ts';

/**
 * The scheduler (issue 33 §5): each person of the audience gets a scheduled email exactly once —
 * with two workers at once, after a stop mid-batch, after a worker died — suppressed addresses
 * are skipped, and a 5xx answer is a hard bounce that joins the suppression list.
 */
const DAY = 86_400_000;

const smtp = fileMailCatcher({ refuses: (address) => address.startsWith('bounce') });
const { studio, admin, api } = fileStudioWithAdmin('Scheduler Org');
let db: Executor;
let startInDays = 2;

beforeAll(() => {
  db = studio.database.db;
});

/** A scheduler over the studio's database and the test's SMTP server. */
const schedulerWith = (options: TestSchedulerOptions) => testScheduler(db, smtp.url, options);

/** An upcoming event whose 1-day reminder is due at the clock's time; answers its send's id. */
async function dueReminder(scheduler: ReturnType<typeof schedulerWith>, clock: { now: Date }) {
  startInDays += 3;
  return dueSend({ api, db, startInDays }, scheduler, clock);
}

const receivedBy = (address: string) =>
  smtp.messages.filter((message) => message.envelopeTo.includes(address)).length;

const statuses = async (sendId: string) =>
  Object.fromEntries(
    (
      await db
        .selectFrom('email_deliveries')
        .select(['recipient', 'status'])
        .where('send_id', '=', sendId)
        .execute()
    ).map((row) => [row.recipient, row.status]),
  );

describe('the email scheduler', () => {
  it('sends once to each person even when two workers run the same send at once', async () => {
    const clock = { now: new Date() };
    const audience = people('twice', 7);
    const worker = schedulerWith({ audience, clock });
    const { sendId } = await dueReminder(worker, clock);
    const second = schedulerWith({ audience, clock });
    await Promise.all([worker.scheduler.runSend(sendId), second.scheduler.runSend(sendId)]);
    for (const person of audience) expect(receivedBy(person.email)).toBe(1);
    expect(Object.values(await statuses(sendId))).toEqual(Array(7).fill('sent'));
    // The sweep does not make the same send again.
    await worker.scheduler.sweep();
    expect(
      await db.selectFrom('email_schedule_sends').select('id').where('id', '=', sendId).execute(),
    ).toHaveLength(1);
    expect(worker.enqueued.filter((id) => id === sendId)).toHaveLength(1);
  });

  it('stops mid-batch when aborted and resumes without sending anyone twice', async () => {
    const clock = { now: new Date() };
    const audience = people('resume', 8);
    const abort = new AbortController();
    let sent = 0;
    const worker = schedulerWith({
      audience,
      clock,
      deliver: async (message, send) => {
        const outcome = await send(message);
        sent += 1;
        if (sent === 4) abort.abort();
        return outcome;
      },
    });
    const { sendId } = await dueReminder(worker, clock);
    expect(await worker.scheduler.runSend(sendId, { signal: abort.signal })).toBe('retry');
    // The messages under way when the stop came (sent in parallel) finish; nothing new starts.
    const delivered = audience.filter((person) => receivedBy(person.email) === 1).length;
    expect(delivered).toBeGreaterThanOrEqual(4);
    expect(delivered).toBeLessThan(audience.length);
    const halfway = Object.values(await statuses(sendId));
    expect(halfway.filter((status) => status === 'sent')).toHaveLength(delivered);
    expect(halfway.filter((status) => status === 'sending')).toHaveLength(0);

    expect(await worker.scheduler.runSend(sendId)).toBe('done');
    for (const person of audience) expect(receivedBy(person.email)).toBe(1);
  });

  it('after a worker died mid-batch, sends the rest once its claim is stale, never to those already sent', async () => {
    const clock = { now: new Date() };
    const audience = people('crash', 5);
    let sent = 0;
    const dying = schedulerWith({
      audience,
      clock,
      deliver: (message, send) => {
        if (sent === 2) return Promise.reject(new Error('the worker died'));
        sent += 1;
        return send(message);
      },
    });
    const { sendId } = await dueReminder(dying, clock);
    await expect(dying.scheduler.runSend(sendId)).rejects.toThrow('the worker died');
    expect(audience.filter((person) => receivedBy(person.email) === 1)).toHaveLength(2);

    // Another worker right away: the people never claimed get theirs; the message the dead worker
    // held (it may have left) waits for its claim to go stale. Nobody got anything twice.
    const next = schedulerWith({ audience, clock });
    expect(await next.scheduler.runSend(sendId)).toBe('retry');
    expect(audience.map((person) => receivedBy(person.email))).toEqual([1, 1, 0, 1, 1]);
    expect((await statuses(sendId))['crash-2@example.com']).toBe('sending');
    // Once the claim is stale, the rest go out.
    clock.now = new Date(clock.now.getTime() + 11 * 60_000);
    expect(await next.scheduler.runSend(sendId)).toBe('done');
    for (const person of audience) expect(receivedBy(person.email)).toBe(1);
  });

  it('skips suppressed addresses, and a 5xx answer bounces the address onto the suppression list', async () => {
    const clock = { now: new Date() };
    const audience = [...people('kept', 2), ...people('bounce', 1), ...people('gone', 1)];
    await createSuppressionList(db).suppress(admin.organization.id, 'gone-0@example.com', 'unsubscribed');
    const worker = schedulerWith({ audience, clock });
    const { event, sendId } = await dueReminder(worker, clock);
    expect(await worker.scheduler.runSend(sendId)).toBe('done');
    expect(await statuses(sendId)).toEqual({
      'kept-0@example.com': 'sent',
      'kept-1@example.com': 'sent',
      'bounce-0@example.com': 'bounced',
      'gone-0@example.com': 'suppressed',
    });
    expect(receivedBy('gone-0@example.com')).toBe(0);
    const bounced = await db
      .selectFrom('email_deliveries')
      .select('reason')
      .where('send_id', '=', sendId)
      .where('recipient', '=', 'bounce-0@example.com')
      .executeTakeFirstOrThrow();
    expect(bounced.reason).toContain('550');
    const suppressed = await createSuppressionList(db).suppressedAmong(admin.organization.id, [
      'bounce-0@example.com',
    ]);
    expect([...suppressed]).toEqual(['bounce-0@example.com']);

    // The next send skips the bounced address.
    const later = await dueReminder(worker, clock);
    await worker.scheduler.runSend(later.sendId);
    expect((await statuses(later.sendId))['bounce-0@example.com']).toBe('suppressed');

    // The delivery log: the event's messages with their counts, filtered by status.
    const log = await api.get<{
      count: number;
      counts: Record<string, number>;
      results: { recipient: string }[];
    }>(`/api/event/email_deliveries/?event=${event.id}&status=sent`);
    expect(log.status).toBe(200);
    expect(log.body.count).toBe(2);
    expect(log.body.counts).toMatchObject({ sent: 2, bounced: 1, suppressed: 1, failed: 0 });
  });

  it('moves a pending send when the event is rescheduled: nothing at the old time, a send at the new one', async () => {
    const clock = { now: new Date() };
    const audience = people('moved', 2);
    const worker = schedulerWith({ audience, clock });
    const { event, sendId } = await dueReminder(worker, clock);
    const start = new Date(new Date(event.start_time).getTime() + DAY);
    const moved = await api.post(`/api/event/${event.id}/reschedule/`, {
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(await worker.scheduler.runSend(sendId)).toBe('moved');
    for (const person of audience) expect(receivedBy(person.email)).toBe(0);
    await worker.scheduler.sweep();
    expect(
      await db.selectFrom('email_schedule_sends').select('id').where('event_id', '=', event.id).execute(),
    ).toHaveLength(1);

    clock.now = new Date(start.getTime() - DAY + 60_000);
    await worker.scheduler.sweep();
    const sends = await db
      .selectFrom('email_schedule_sends')
      .select(['id', 'due_at'])
      .where('event_id', '=', event.id)
      .where('id', '!=', sendId)
      .execute();
    expect(sends.map((send) => send.due_at.toISOString())).toEqual([
      new Date(start.getTime() - DAY).toISOString(),
    ]);
    expect(await worker.scheduler.runSend(sends[0]!.id)).toBe('done');
    for (const person of audience) expect(receivedBy(person.email)).toBe(1);
  });
});

describe('email audiences', () => {
  it('post-event audiences follow the attendance the check-in recorded', async () => {
    const event = await registrationEvent(api);
    const ada = registrant('Ada');
    const bob = registrant('Bob');
    expect((await register(studio, event.id, ada)).status).toBe(201);
    expect((await register(studio, event.id, bob)).status).toBe(201);
    // Ada came in: the check-in marks her registration Attended.
    await db
      .updateTable('event_registrations')
      .set({ status: 'ATTENDED', checked_in_at: new Date() })
      .where('event_id', '=', event.id)
      .where('user_id', 'in', db.selectFrom('users').select('id').where('email', '=', ada.email))
      .execute();
    const audienceOf = createEmailAudiences(db, () => {
      throw new Error('not asked for registrants');
    });
    const emails = async (audience: Parameters<typeof audienceOf>[1]) =>
      (await audienceOf(event.id, audience)).map((person) => person.email).sort();
    expect(await emails('All Registrants')).toEqual([ada.email, bob.email].sort());
    expect(await emails('Event Attendees')).toEqual([ada.email]);
    expect(await emails('Non-Attendees')).toEqual([bob.email]);
  });

  it('tracks opens and clicks only once the organisation turns tracking on, through links only the server signs', async () => {
    const clock = { now: new Date() };
    const tracking = createEmailTracking({
      deliveries: createEmailDeliveriesRepository(db),
      secretKey: studio.secretKey,
      publicUrl: 'http://localhost:8080',
      now: () => clock.now,
    });
    const withLink: ScheduledEmailRenderer = {
      rendererFor: () =>
        Promise.resolve(() =>
          Promise.resolve(() =>
            Promise.resolve({
              subject: 'Agenda',
              text: 'See the agenda',
              html: '<html><body><a href="https://example.com/agenda?a=1&amp;b=2">Agenda</a></body></html>',
            }),
          ),
        ),
    };
    const sentHtml: string[] = [];
    const capture = (message: MailMessage, send: (message: MailMessage) => Promise<MailOutcome>) => {
      sentHtml.push(message.html ?? '');
      return send(message);
    };
    // Off by default: the message leaves as rendered.
    const off = schedulerWith({
      audience: people('untracked', 1),
      clock,
      deliver: capture,
      tracking,
      render: withLink,
    });
    await off.scheduler.runSend((await dueReminder(off, clock)).sendId);
    expect(sentHtml[0]).toContain('href="https://example.com/agenda?a=1&amp;b=2"');
    expect(sentHtml[0]).not.toContain('/api/email/t/');

    expect((await api.put('/api/event/email_tracking/', { track_opens_and_clicks: true })).status).toBe(200);
    expect((await api.get('/api/event/email_tracking/')).body).toEqual({ track_opens_and_clicks: true });
    const on = schedulerWith({
      audience: people('tracked', 1),
      clock,
      deliver: capture,
      tracking,
      render: withLink,
    });
    const { event, sendId } = await dueReminder(on, clock);
    await on.scheduler.runSend(sendId);
    const html = sentHtml[1]!;
    const click = /href="http:\/\/localhost:8080(\/api\/email\/t\/[^"]+\/click\?[^"]+)"/.exec(html)?.[1];
    const open = /src="http:\/\/localhost:8080(\/api\/email\/t\/[^"]+\/open\.gif\?s=[^"]+)"/.exec(html)?.[1];
    expect(click).toBeDefined();
    expect(open).toBeDefined();

    const log = async () =>
      (await api.get<EmailDeliveryPage>(`/api/event/email_deliveries/?event=${event.id}`)).body;
    expect((await log()).engagement).toEqual({ opened: 0, clicked: 0 });
    const pixel = await studio.app.inject({ method: 'GET', url: open! });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect((await log()).engagement).toEqual({ opened: 1, clicked: 0 });
    const redirect = await studio.app.inject({ method: 'GET', url: click!.replaceAll('&amp;', '&') });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/agenda?a=1&b=2');
    const page = await log();
    expect(page.engagement).toEqual({ opened: 1, clicked: 1 });
    expect(page.results[0]!.clicked_at).not.toBeNull();

    // Another address under the same signature is refused: no open redirect.
    const forged = click!
      .replaceAll('&amp;', '&')
      .replace(encodeURIComponent('https://example.com/agenda'), encodeURIComponent('https://evil.example/'));
    expect((await studio.app.inject({ method: 'GET', url: forged })).statusCode).toBe(400);
  });
});
