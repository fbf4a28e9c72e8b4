import type { StudioProcess } from './studio-process.ts';

/** A message the studio kept in its outbox (no SMTP_URL) and printed to its log. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

const RULE = '─'.repeat(72);
const OUTBOX_HEADING = 'Email kept in the outbox';

/**
 * Every outbox message in the server's output: the studio prints each as a block between two rules
 * (heading, To, Subject, a blank line, the text, then its links).
 */
export function outboxMails(output: string): OutboxMail[] {
  const mails: OutboxMail[] = [];
  const blocks = output.split(`${RULE}\n`);
  for (const block of blocks) {
    if (!block.startsWith(OUTBOX_HEADING)) continue;
    const [head = '', ...body] = block.split('\n\n');
    const to = /^To:\s+(.*)$/m.exec(head)?.[1] ?? '';
    const subject = /^Subject:\s+(.*)$/m.exec(head)?.[1] ?? '';
    const text = body
      .join('\n\n')
      .replace(/\n\nLinks:\n[\s\S]*$/, '')
      .replace(/\n$/, '');
    mails.push({ to, subject, text });
  }
  return mails;
}

/**
 * The next outbox message to `to` with `subject`, after the `since` messages already seen (the
 * studio sends some mail after answering, so it is polled for).
 */
export async function waitForMail(
  studio: StudioProcess,
  match: { to: string; subject: string; since?: number },
  timeoutMs = 15_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = outboxMails(studio.output())
      .slice(match.since ?? 0)
      .find((mail) => mail.to === match.to && mail.subject === match.subject);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no "${match.subject}" mail to ${match.to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many outbox messages the studio printed so far (to wait for the next one). */
export const mailCount = (studio: StudioProcess) => outboxMails(studio.output()).length;

/** The six-digit code of a sign-up or password-reset mail. */
export function codeIn(mail: OutboxMail): string {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The first link to the studio in a mail. */
export function linkIn(mail: OutboxMail, studioUrl: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(`${studioUrl}/`));
  if (!link) throw new Error(`no link to ${studioUrl} in: ${mail.text}`);
  return link;
}
