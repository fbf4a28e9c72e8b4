import type { StudioProcess } from './studio-process.ts';

/** A message the studio kept in its outbox (no SMTP_URL) and printed to its log. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

const OUTBOX_PREFIX = 'Email kept in the outbox';

/** Every outbox message in the server's log output (pino JSON lines at level info). */
export function outboxMails(output: string): OutboxMail[] {
  const mails: OutboxMail[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const message = (entry as { msg?: unknown }).msg;
    if (typeof message !== 'string' || !message.startsWith(OUTBOX_PREFIX)) continue;
    const [head = '', ...body] = message.split('\n\n');
    const to = /^To: (.*)$/m.exec(head)?.[1] ?? '';
    const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
    mails.push({ to, subject, text: body.join('\n\n') });
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
