// Email (issue 33): the scheduler's send throughput to a local SMTP server ÷ nodemailer sending the
// same rendered message in a loop to it (goal ≥ 0.5), the wall time of one scheduled reminder to
// every registrant from its due instant on one worker (goal: 10,000 within one minute), and one
// template render ÷ one plain liquidjs render of the same text (goal ≤ 3), in one run.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { defaultEmailTemplateOf, type EmailScheduleList } from '@studio/domain';
import { Liquid } from 'liquidjs';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { createTestStudio } from '../apps/server/test/harness.ts';
import { createMailService } from '../apps/server/src/platform/mail/mail.ts';
import { createEmailAudiences } from '../apps/server/src/modules/email/email-audiences.ts';
import { createEmailDeliveriesRepository } from '../apps/server/src/modules/email/email-deliveries.repository.ts';
import { compileEmail, type MergeValues } from '../apps/server/src/modules/email/email-rendering.ts';
import { createEmailScheduler } from '../apps/server/src/modules/email/email-scheduler.ts';
import { createEmailSchedulesRepository } from '../apps/server/src/modules/email/email-schedules.repository.ts';
import { createSuppressionList } from '../apps/server/src/modules/email/suppression.ts';
import {
  insertRegistrants,
  membersSetup,
} from '../apps/server/src/modules/registration/members/members.fixtures.ts';
import { percentile, ratio, timed } from './bench-util.ts';

/** Registrants of the event (nine in ten hold a seat): 300 by default, 11,111 (10,000 seated) with BENCH_FULL=1. */
const REGISTRANTS = Number(
  process.env.BENCH_EMAIL_REGISTRANTS ?? (process.env.BENCH_FULL === '1' ? 11_111 : 300),
);
const RENDERS = Number(process.env.BENCH_EMAIL_RENDERS ?? 2_000);
const quiet = { info() {}, warn() {}, error() {} };

/** A real SMTP server on loopback that counts the messages it receives and keeps none. */
async function startCountingSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of each connection's address: the bench counts the sending, not a resolver.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const reminder = defaultEmailTemplateOf('Reminder-1d')!;

/** A reminder's merge values for one person, as the composer fills them. */
const valuesFor = (email: string, firstName: string, lastName: string): MergeValues => ({
  first_name: firstName,
  last_name: lastName,
  full_name: `${firstName} ${lastName}`,
  email,
  event_title: 'Bench Conference',
  event_time: 'June 1, 2031, 9:00 AM – 5:00 PM UTC',
  event_start: 'June 1, 2031, 9:00 AM UTC',
  event_end: 'June 1, 2031, 5:00 PM UTC',
  event_timezone: 'UTC',
  event_location: 'Main hall',
  magic_link: 'https://studio.test/e/bench/magic?token=abc',
  checkin_qrcode: null,
  organization_name: 'Bench Org',
  unsubscribe_link: 'https://studio.test/unsubscribe?token=def',
  cancel_link: null,
});

/**
 * The scheduler over the studio's database (its repositories, audiences, suppression list and the
 * pooled mail service) sending the reminder to every registrant, then
 * nodemailer sending the same rendered message as many times, one after the other.
 */
async function scheduledThroughput(): Promise<string[]> {
  const smtp = await startCountingSmtp();
  const studio = await createTestStudio({ checkAnswers: false });
  try {
    const db = studio.database.db;
    const { api, event, organizationId } = await membersSetup(studio, 'Email Bench');
    await insertRegistrants(db, { organizationId, eventId: event.id }, REGISTRANTS, 'mail');
    const list = (await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${event.id}`)).body;
    const dueAt = new Date(list.results.find((entry) => entry.email_type === 'Reminder-1d')!.schedule_time!);

    const audienceOf = createEmailAudiences(db, () => {
      throw new Error('a reminder goes to registrants only');
    });
    // Registrants holding a seat (the fixture waitlists one in ten).
    const recipients = (await audienceOf(event.id, 'All Registrants')).length;
    const compiled = compileEmail(reminder);
    const mail = createMailService({
      db,
      smtpUrl: smtp.url,
      from: 'Studio <studio@bench.test>',
      log: () => quiet,
    });
    const enqueued: string[] = [];
    let clock = dueAt;
    const scheduler = createEmailScheduler({
      schedules: createEmailSchedulesRepository(db),
      deliveries: createEmailDeliveriesRepository(db),
      suppression: createSuppressionList(db),
      eventOf: () =>
        Promise.resolve({
          id: event.id,
          title: event.title,
          organizationId,
          start_time: new Date(event.start_time),
          end_time: new Date(event.end_time),
          timezone: event.timezone,
        }),
      startingBetween: () => Promise.resolve([]),
      recipientsOf: audienceOf,
      render: {
        rendererFor: () =>
          Promise.resolve((recipient) =>
            compiled.render(
              recipient.email,
              valuesFor(recipient.email, recipient.firstName, recipient.lastName),
            ),
          ),
      },
      deliver: (message) => mail.deliver(message),
      enqueue: (sendId) => {
        enqueued.push(sendId);
        return Promise.resolve();
      },
      now: () => clock,
    });

    // From the due instant: the sweep makes the send, one worker runs it to the end.
    const started = performance.now();
    clock = new Date(dueAt.getTime() + 1_000);
    await scheduler.sweep();
    const sendId = enqueued[0];
    if (!sendId) throw new Error('the sweep made no send');
    const run = await scheduler.runSend(sendId);
    const scheduledMs = performance.now() - started;
    const delivered = smtp.received();
    if (run !== 'done' || delivered !== recipients)
      throw new Error(`scheduled send: ${run}, ${delivered} of ${recipients} received`);

    const message = await compiled.render(
      'someone@bench.test',
      valuesFor('someone@bench.test', 'First', 'Last'),
    );
    /** nodemailer sending the message `recipients` times, one after the other; pooled: one connection kept. */
    const loop = async (pool: boolean) => {
      const transport = nodemailer.createTransport({ url: smtp.url, pool });
      const took = await timed(async () => {
        for (let i = 0; i < recipients; i += 1)
          await transport.sendMail({ from: 'Studio <studio@bench.test>', ...message });
      });
      transport.close();
      return took;
    };
    // A connection per message (as the studio's transport did before it pooled), then pooled.
    const loopMs = await loop(false);
    const pooledMs = await loop(true);
    if (smtp.received() !== 3 * recipients) throw new Error('a nodemailer loop lost messages');

    const scheduledRate = recipients / (scheduledMs / 1000);
    const loopRate = recipients / (loopMs / 1000);
    const pooledRate = recipients / (pooledMs / 1000);
    const perTenThousand = (scheduledMs / recipients) * 10_000;
    return [
      `Email: one scheduled reminder to ${recipients.toLocaleString('en')} registrants holding a seat (PGlite, SMTP on loopback)`,
      `  scheduler ${scheduledRate.toFixed(0)} msg/s ÷ nodemailer loop of the same message ${loopRate.toFixed(0)} msg/s: ${ratio(scheduledRate / loopRate)} (report)`,
      `  scheduler ÷ nodemailer pooled (one connection kept) ${pooledRate.toFixed(0)} msg/s: ${ratio(scheduledRate / pooledRate)} (goal ≥ 0.5: the studio's transport pools too)`,
      `  due instant → last message sent: ${(scheduledMs / 1000).toFixed(1)} s` +
        (recipients >= 10_000 ? '' : ` (${(perTenThousand / 1000).toFixed(1)} s for 10,000 at this rate)`) +
        ' (goal: 10,000 within 60 s; the sweep runs every 60 s and its wait is not counted)',
    ];
  } finally {
    await studio.close();
    await smtp.close();
  }
}

/** Median of `RENDERS` sequential runs of `task`, in microseconds (after 200 unmeasured ones). */
async function medianMicros(task: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i += 1) await task();
  const samples: number[] = [];
  for (let i = 0; i < RENDERS; i += 1) samples.push((await timed(task)) * 1000);
  return percentile(samples, 50);
}

/** One template render (subject, escaped HTML and its text part) ÷ one plain liquidjs render. */
async function renderCost(): Promise<string[]> {
  const compiled = compileEmail(reminder);
  const values = valuesFor('ada@bench.test', 'Ada', 'Lovelace');
  const liquid = new Liquid();
  const plain = liquid.parse(`${reminder.subject}\n${reminder.email_html}`);
  const templateUs = await medianMicros(() => compiled.render('ada@bench.test', values));
  const plainUs = await medianMicros(() => liquid.render(plain, values));
  return [
    `Email render (median of ${RENDERS}): template ${templateUs.toFixed(0)} µs ÷ plain liquidjs ${plainUs.toFixed(0)} µs: ${ratio(templateUs / plainUs)} (goal ≤ 3)`,
  ];
}

export async function benchEmail(): Promise<string[]> {
  return [...(await scheduledThroughput()), ...(await renderCost())];
}
