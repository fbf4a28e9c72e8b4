import { expect } from 'vitest';
import type { EmailScheduleList } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { createMailService, type MailMessage, type MailOutcome } from '../../platform/mail/mail.ts';
import { newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import { plainScheduledEmail } from './email-schedules.area.ts';
import { createEmailDeliveriesRepository } from './email-deliveries.repository.ts';
import { createEmailScheduler, type EmailRecipient, type ScheduledEmailRenderer } from './email-scheduler.ts';
import { createEmailSchedulesRepository } from './email-schedules.repository.ts';
import type { EmailTracking } from './email-tracking.ts';
import { createDeliveryLog } from './delivery-log.ts';
import { createSuppressionList } from './suppression.repository.ts';

/** The scheduler tests' parts: a real SMTP server, an audience, a scheduler with a controlled clock, a due send. */
const DAY = 86_400_000;
const quiet = { info() {}, warn() {}, error() {} };

export const people = (prefix: string, count: number): EmailRecipient[] =>
  Array.from({ length: count }, (_, index) => ({
    email: `${prefix}-${index}@example.com`,
    firstName: `Person ${index}`,
    lastName: 'Tester',
    userId: null,
    registrationId: null,
  }));

/** A dead worker's claims are retaken after this. */
export const TEST_CLAIM_LEASE_MS = 10 * 60_000;

/** The studio's mail over a real SMTP connection, its log silent. */
export const quietMail = (db: Executor, smtpUrl: string) =>
  createMailService({ db, smtpUrl, from: 'Studio <studio@example.com>', log: () => quiet });

/** What the email module asks of an event (the events module's facts), read from its row. */
export async function eventFactsOf(db: Executor, eventId: string) {
  const event = await db
    .selectFrom('events')
    .select(['id', 'organization_id', 'title', 'start_time', 'end_time', 'timezone', 'location', 'host_type'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  return event && { ...event, organizationId: event.organization_id };
}

export interface TestSchedulerOptions {
  audience: EmailRecipient[];
  clock: { readonly now: Date };
  deliver?: (
    message: MailMessage,
    send: (message: MailMessage) => Promise<MailOutcome>,
  ) => Promise<MailOutcome>;
  tracking?: EmailTracking;
  render?: ScheduledEmailRenderer;
  /** Messages claimed at once; default 3. */
  batchSize?: number;
}

/** A scheduler over a database with a controlled clock, audience and transport (a real SMTP connection). */
export function testScheduler(db: Executor, smtpUrl: string, options: TestSchedulerOptions) {
  const mail = quietMail(db, smtpUrl);
  const enqueued: string[] = [];
  const deliveries = createEmailDeliveriesRepository(db);
  const suppression = createSuppressionList(db);
  const scheduler = createEmailScheduler({
    schedules: createEmailSchedulesRepository(db),
    deliveries,
    suppression,
    log: createDeliveryLog(db, deliveries, suppression),
    eventOf: (_organizationId, eventId) => eventFactsOf(db, eventId),
    startingBetween: () => Promise.resolve([]),
    recipientsOf: () => Promise.resolve(options.audience),
    render: options.render ?? plainScheduledEmail,
    senderOf: () => Promise.resolve(undefined),
    deliver: (message) =>
      options.deliver ? options.deliver(message, (m) => mail.deliver(m)) : mail.deliver(message),
    connections: mail.connections,
    enqueue: (sendId) => {
      enqueued.push(sendId);
      return Promise.resolve();
    },
    plan: () => Promise.resolve(),
    now: () => options.clock.now,
    trackedHtmlFor:
      options.tracking && ((organizationId) => options.tracking!.trackedHtmlFor(organizationId)),
    batchSize: options.batchSize ?? 3,
    claimLeaseMs: TEST_CLAIM_LEASE_MS,
  });
  return { scheduler, enqueued };
}

/** An upcoming event whose 1-day reminder is due at the clock's time; answers its send's id. */
export async function dueSend(
  context: { api: Api; db: Executor; startInDays: number },
  scheduler: ReturnType<typeof testScheduler>,
  clock: { now: Date },
) {
  const { api, db } = context;
  const start = new Date(Date.now() + context.startInDays * DAY);
  const event = await newEvent(api, {
    title: 'Reminder Days',
    start,
    end: new Date(start.getTime() + 3_600_000),
  });
  const list = (await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${event.id}`)).body;
  const reminder = list.results.find((schedule) => schedule.email_type === 'Reminder-1d')!;
  clock.now = new Date(new Date(reminder.schedule_time!).getTime() + 60_000);
  await scheduler.scheduler.sweep();
  const send = await db
    .selectFrom('email_schedule_sends')
    .select('id')
    .where('event_id', '=', event.id)
    .executeTakeFirstOrThrow();
  expect(scheduler.enqueued).toContain(send.id);
  return { event, sendId: send.id };
}
