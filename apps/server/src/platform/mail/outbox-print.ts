import type { MailMessage } from './mail.ts';

const rule = '─'.repeat(72);

/** The links a message carries (text and HTML), each once, in order of appearance. */
function linksOf(message: MailMessage): string[] {
  const found = `${message.text}\n${message.html ?? ''}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:)\]]+$/, '')))];
}

/**
 * A message kept in the outbox (no SMTP_URL), as a block a person reads in the server's output:
 * recipient, subject, the text and its links.
 */
export function formatOutboxMessage(message: MailMessage): string {
  const links = linksOf(message);
  return [
    rule,
    'Email kept in the outbox (SMTP_URL is not set)',
    `To:      ${message.to}`,
    `Subject: ${message.subject}`,
    '',
    message.text,
    ...(links.length > 0 ? ['', 'Links:', ...links.map((link) => `  ${link}`)] : []),
    rule,
    '',
  ].join('\n');
}
