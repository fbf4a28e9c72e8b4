import { describe, expect, it } from 'vitest';
import { fileMailCatcher, fileStudio } from '../../../test/file-studio.ts';
import { createMailService, escapeHtml, type MailLog, type MailServiceOptions } from './mail.ts';

const studio = fileStudio();
const catcher = fileMailCatcher();

/** A mail service on the test studio's outbox whose log lines are recorded. */
function recordingMail(options: Pick<MailServiceOptions, 'smtpUrl' | 'from' | 'print'>) {
  const lines: { level: 'info' | 'error'; args: unknown[] }[] = [];
  const log = {
    info: (...args: unknown[]) => lines.push({ level: 'info', args }),
    error: (...args: unknown[]) => lines.push({ level: 'error', args }),
  } as unknown as MailLog;
  return { mail: createMailService({ db: studio.database.db, log: () => log, ...options }), lines };
}

const outboxRow = (to: string) =>
  studio.database.db.selectFrom('mail_outbox').selectAll().where('to', '=', to).executeTakeFirstOrThrow();

describe('mail', () => {
  it('without SMTP_URL keeps the message in the outbox and prints it as a readable block, not a JSON line', async () => {
    const printed: string[] = [];
    const { mail, lines } = recordingMail({
      smtpUrl: undefined,
      from: 'Studio <s@example.com>',
      print: (block) => printed.push(block),
    });
    expect(mail.delivery).toBe('outbox');
    const text = 'Code 123456\nOpen http://studio.test/x to go on.\nHelp [http://studio.test/help]';
    const sent = await mail.send({
      to: 'newcomer@example.com',
      subject: 'Your code',
      text,
      html: '<p>Code 123456 <a href="http://studio.test/x">go on</a> <a href="http://studio.test/help">help</a></p>',
    });
    expect(sent).toBe(true);
    const row = await outboxRow('newcomer@example.com');
    expect(row).toMatchObject({ subject: 'Your code', text, sent_at: null, error: null });
    expect(printed).toHaveLength(1);
    const block = printed[0] ?? '';
    expect(block).toContain('\nTo:      newcomer@example.com\n');
    expect(block).toContain('\nSubject: Your code\n');
    expect(block).toContain(`\n${text}\n`);
    expect(block).toMatch(/Links:\n {2}http:\/\/studio\.test\/x\n {2}http:\/\/studio\.test\/help\n/);
    // The JSON log only notes the fact; the body is never inside a log line.
    expect(lines.map((line) => JSON.stringify(line.args))).not.toContainEqual(
      expect.stringContaining('123456'),
    );
  });

  it('with SMTP_URL delivers over SMTP (authenticated), then clears the stored body', async () => {
    const { mail } = recordingMail({ smtpUrl: catcher.url, from: 'Event Studio <no-reply@studio.test>' });
    try {
      const sent = await mail.send({
        to: 'Reader@Example.com',
        subject: 'Délivré',
        text: 'Bonjour — voilà',
        html: '<p>Bonjour</p>',
      });
      expect(sent).toBe(true);
      const received = await catcher.waitFor((message) => message.envelopeTo.includes('reader@example.com'));
      expect(received).toMatchObject({ subject: 'Délivré', text: 'Bonjour — voilà', authUser: 'studio' });
      expect(received.html).toContain('<p>Bonjour</p>');
      expect(received.headers.from).toContain('no-reply@studio.test');
      const row = await outboxRow('Reader@Example.com');
      expect(row.sent_at).toBeInstanceOf(Date);
      expect(row).toMatchObject({ text: '', html: null, error: null });
    } finally {
      mail.close();
    }
  });

  it('records a failed delivery without throwing and without logging the body', async () => {
    const { mail, lines } = recordingMail({ smtpUrl: 'smtp://127.0.0.1:9', from: 'x@example.com' });
    try {
      const sent = await mail.send({
        to: 'unreachable@example.com',
        subject: 'Secret code',
        text: 'Code 654321',
      });
      expect(sent).toBe(false);
      const row = await outboxRow('unreachable@example.com');
      expect(row.sent_at).toBeNull();
      expect(row.error).toBeTruthy();
      expect(lines.map((line) => line.level)).toEqual(['error']);
      expect(JSON.stringify(lines)).not.toContain('654321');
    } finally {
      mail.close();
    }
  });

  it('escapes text for the HTML part', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
