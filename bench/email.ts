// Email (issue 33): the studio's scheduled send throughput to a local SMTP server ÷ nodemailer
// sending the same rendered message in a loop to it (goal ≥ 0.5), the wall time of one scheduled
// reminder to every registrant from its due instant on one process (goal: 10,000 within one
// minute), and one template render ÷ one plain liquidjs render of the same text (goal ≤ 3).
import type { AddressInfo } from 'node:net';
import { defaultEmailTemplateOf, type EmailScheduleList, type MergeValues } from '@studio/domain';
import { Liquid } from 'liquidjs';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { createTestStudio } from '../apps/server/test/harness.ts';
import { createEmailAudiences } from '../apps/server/src/modules/email/email-audiences.ts';
import { compileEmail } from '../apps/server/src/modules/email/email-rendering.ts';
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

/**
 * A real SMTP server on loopback that keeps no message; it counts them, and notes when the first
 * and the last message whose head carries `marker` arrived.
 */
async function startCountingSmtp(marker: string) {
  let received = 0;
  const marked = { count: 0, firstAt: 0, lastAt: 0 };
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of each connection's address: the bench counts the sending, not a resolver.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received += 1;
        if (head.includes(marker)) {
          marked.count += 1;
          marked.lastAt = Date.now();
          marked.firstAt ||= marked.lastAt;
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    marked,
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
  sessions: null,
});

/** The nodemailer loop with a connection per message sends at most this many (a rate, not a total). */
const UNPOOLED_SAMPLE = 300;
/** No reminder arriving for this long once they are due fails the bench (a stall, not a slow run). */
const STALL_MS = 60_000;

/**
 * How far ahead of the event's creation its reminder falls due: time to write the registrants
 * first (the bench measures from that instant). 20 s, 240 s with BENCH_FULL=1.
 */
const DUE_IN_MS = Number(
  process.env.BENCH_EMAIL_DUE_IN_MS ?? (process.env.BENCH_FULL === '1' ? 240_000 : 20_000),
);

/**
 * The studio itself, role `all` on one process, sending the 1-hour reminder to every registrant:
 * its job is queued for the due instant, and each message takes the real per-recipient path (the
 * person's magic link, the organisation's sender, the delivery log). Then nodemailer sends the
 * same rendered message as many times, one after the other.
 */
async function scheduledThroughput(): Promise<string[]> {
  const smtp = await startCountingSmtp('starts in one hour');
  const studio = await createTestStudio({ checkAnswers: false, role: 'all', smtpUrl: smtp.url });
  try {
    const db = studio.database.db;
    // An event whose 1-hour reminder falls due shortly; its schedule (rows and jobs) is written on first read.
    const dueAt = Date.now() + DUE_IN_MS;
    const start = new Date(dueAt + 3_600_000);
    const { api, event, organizationId } = await membersSetup(studio, 'Email Bench', {
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${event.id}`);
    await insertRegistrants(db, { organizationId, eventId: event.id }, REGISTRANTS, 'mail');
    if (Date.now() > dueAt)
      throw new Error('the registrants were written after the due time: raise BENCH_EMAIL_DUE_IN_MS');
    const audienceOf = createEmailAudiences(db, () => {
      throw new Error('a reminder goes to registrants only');
    });
    // Registrants holding a seat (the fixture waitlists one in ten).
    const recipients = (await audienceOf(event.id, 'All Registrants')).length;
    // Waits for every reminder; a minute past the due time with none arriving is a stall, told as such.
    let progress = { count: 0, at: dueAt };
    while (smtp.marked.count < recipients) {
      if (smtp.marked.count > progress.count) progress = { count: smtp.marked.count, at: Date.now() };
      if (Date.now() - progress.at > STALL_MS)
        throw new Error(
          `${smtp.marked.count} of ${recipients} reminders received, none for ${STALL_MS / 1000} s`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const startLagMs = smtp.marked.firstAt - dueAt;
    const scheduledMs = smtp.marked.lastAt - dueAt;
    const before = smtp.received();

    const compiled = compileEmail(reminder);
    const message = await compiled.render(
      'someone@bench.test',
      valuesFor('someone@bench.test', 'First', 'Last'),
    );
    /** nodemailer sending the message `count` times, one after the other; pooled: one connection kept. */
    const loop = async (pool: boolean, count: number) => {
      const transport = nodemailer.createTransport({ url: smtp.url, pool });
      const took = await timed(async () => {
        for (let i = 0; i < count; i += 1)
          await transport.sendMail({ from: 'Studio <studio@bench.test>', ...message });
      });
      transport.close();
      return count / (took / 1000);
    };
    // A connection per message (as the studio's transport did before it pooled) on a sample: the
    // SMTP server greets each new connection after 100 ms (smtp-server's early-talker check), so
    // 10,000 of them alone took 17 minutes. Then pooled, as many messages as the studio sent.
    const sample = Math.min(recipients, UNPOOLED_SAMPLE);
    const loopRate = await loop(false, sample);
    const pooledRate = await loop(true, recipients);
    if (smtp.received() - before < sample + recipients) throw new Error('a nodemailer loop lost messages');

    // From the due instant (the start's lag included, up to the queue's one-second check) …
    const scheduledRate = recipients / (scheduledMs / 1000);
    // … and while sending: first to last message (the lag weighs on a few hundred, not on 10,000).
    const sendingRate = (recipients - 1) / (Math.max(1, smtp.marked.lastAt - smtp.marked.firstAt) / 1000);
    const perTenThousand = (scheduledMs / recipients) * 10_000;
    return [
      `Email: one scheduled reminder to ${recipients.toLocaleString('en')} registrants holding a seat (the studio on PGlite, role all, SMTP on loopback; each message with its magic link)`,
      `  due instant → first message received: ${(startLagMs / 1000).toFixed(1)} s (the send's job is queued for its due time)`,
      `  scheduler ${scheduledRate.toFixed(0)} msg/s ÷ nodemailer loop of the same message, a connection each (${sample.toLocaleString('en')} of them) ${loopRate.toFixed(0)} msg/s: ${ratio(scheduledRate / loopRate)} (report)`,
      `  scheduler ÷ nodemailer pooled (one connection kept) ${pooledRate.toFixed(0)} msg/s: ${ratio(scheduledRate / pooledRate)} (goal ≥ 0.5: the studio's transport pools too)`,
      `  first → last message ${sendingRate.toFixed(0)} msg/s ÷ nodemailer pooled: ${ratio(sendingRate / pooledRate)} (report: the same without the start's lag)`,
      `  due instant → last message received: ${(scheduledMs / 1000).toFixed(1)} s` +
        (recipients >= 10_000 ? '' : ` (${(perTenThousand / 1000).toFixed(1)} s for 10,000 at this rate)`) +
        ' (goal: 10,000 within 60 s)',
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
