import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBounceListener, type BounceListener } from './bounce-listener.ts';
import { parseDeliveryReports, verpAddress, verpToken, type DeliveryReport } from './delivery-reports.ts';

/** A DSN as Postfix writes it (RFC 3464): human part, delivery-status part, the original headers. */
function dsn(recipient: string, action: string, status: string, diagnostic: string) {
  return [
    'From: MAILER-DAEMON@mx.example.test',
    'To: bounces+d-42@bounces.studio.test',
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B1"',
    '',
    '--B1',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'I am sorry to have to inform you that your message could not be delivered.',
    '',
    '--B1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.test',
    'Arrival-Date: Wed, 25 Nov 2026 05:00:00 +0000',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
    '--B1',
    'Content-Type: text/rfc822-headers',
    '',
    'Subject: See you tomorrow',
    '',
    '--B1--',
    '',
  ].join('\r\n');
}

/** An abuse report as mailbox providers send it (RFC 5965 ARF). */
const complaint = [
  'From: abuse@mailbox.example.test',
  'To: bounces+d-43@bounces.studio.test',
  'Subject: Abuse report',
  'MIME-Version: 1.0',
  'Content-Type: multipart/report; report-type=feedback-report; boundary="B2"',
  '',
  '--B2',
  'Content-Type: text/plain',
  '',
  'This is an email abuse report.',
  '--B2',
  'Content-Type: message/feedback-report',
  '',
  'Feedback-Type: abuse',
  'User-Agent: Mailbox/1.0',
  'Version: 1',
  'Original-Rcpt-To: Reader@Example.test',
  '',
  '--B2--',
  '',
].join('\r\n');

describe('delivery reports', () => {
  it('reads a hard bounce, a delay and a complaint; an auto-reply carries none', async () => {
    expect(
      await parseDeliveryReports(dsn('Ada@Example.test', 'failed', '5.1.1', '550 5.1.1 No such user')),
    ).toEqual([
      {
        outcome: 'bounced',
        recipient: 'ada@example.test',
        status: '5.1.1',
        diagnostic: 'smtp; 550 5.1.1 No such user',
      },
    ]);
    const [delay] = await parseDeliveryReports(dsn('ada@example.test', 'delayed', '4.4.7', '421 try later'));
    expect(delay?.outcome).toBe('delayed');
    expect(await parseDeliveryReports(complaint)).toEqual([
      { outcome: 'complained', recipient: 'reader@example.test', status: null, diagnostic: 'abuse' },
    ]);
    const autoReply = 'From: a@b.test\r\nSubject: Out of office\r\n\r\nBack on Monday.\r\n';
    expect(await parseDeliveryReports(autoReply)).toEqual([]);
  });

  it('keeps the delivery token in the VERP address', () => {
    expect(verpToken(verpAddress('0f3c-41aa', 'bounces.studio.test'))).toBe('0f3c-41aa');
    expect(verpToken('bounces@bounces.studio.test')).toBeNull();
    expect(verpToken('someone+x@bounces.studio.test')).toBeNull();
  });
});

describe('the bounce listener', () => {
  let listener: BounceListener;
  const received: { token: string; report: DeliveryReport }[] = [];
  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });

  beforeAll(async () => {
    listener = await startBounceListener({
      port: 0,
      host: '127.0.0.1',
      log: { info: () => {}, error: () => {} },
      onReport: (token, report) => {
        received.push({ token, report });
        return Promise.resolve();
      },
    });
  });
  afterAll(() => listener.close());

  it('takes reports over real SMTP at VERP addresses and hands each on with its token', async () => {
    const sender = transport();
    await sender.sendMail({
      envelope: { from: '', to: 'bounces+d-42@bounces.studio.test' },
      raw: dsn('ada@example.test', 'failed', '5.1.1', '550 No such user'),
    });
    await sender.sendMail({ envelope: { from: '', to: 'bounces+d-43@bounces.studio.test' }, raw: complaint });
    expect(received.map(({ token, report }) => [token, report.outcome, report.recipient])).toEqual([
      ['d-42', 'bounced', 'ada@example.test'],
      ['d-43', 'complained', 'reader@example.test'],
    ]);
    sender.close();
  });

  it('refuses mail to any other address', async () => {
    const sender = transport();
    await expect(
      sender.sendMail({
        envelope: { from: 'x@y.test', to: 'postmaster@bounces.studio.test' },
        raw: complaint,
      }),
    ).rejects.toThrow(/550/);
    sender.close();
  });
});
