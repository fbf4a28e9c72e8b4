import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/executor.ts';
import { verpAddress } from './delivery-reports.ts';
import { formatOutboxMessage } from './outbox-print.ts';

/** Who a message is from: an organisation's own sender once its DNS records are verified. */
export interface MailSender {
  /** The From address (default MAIL_FROM). */
  from?: string;
  replyTo?: string;
  /** The host of the envelope sender (bounces go to `bounces+<delivery>@` it). */
  returnPathHost?: string;
  /** DKIM signature of the sender's domain (RFC 6376). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar invitation: nodemailer adds it as a text/calendar alternative and an .ics file. */
  icalEvent?: { method: string; filename: string; content: string };
  /** Files sent with it; an inline image names its `cid` (the HTML shows it as `cid:…`). */
  attachments?: { filename: string; content: Buffer | string; contentType: string; cid?: string }[];
  /** Unless told, MAIL_FROM. */
  sender?: MailSender;
  /** The delivery log's id of this message: bounces come back to its VERP address. */
  deliveryToken?: string;
  /**
   * The recipient's signed unsubscribe link: sent as `List-Unsubscribe` with one-click
   * `List-Unsubscribe-Post` (RFC 8058), which mailboxes show as their own Unsubscribe button.
   */
  unsubscribeUrl?: string;
}

/** How a message went: a permanent failure is a hard bounce (an SMTP 5xx answer). */
export type MailOutcome = { sent: true } | { sent: false; reason: string; permanent: boolean };

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

export interface MailServiceOptions {
  db: Executor;
  /** smtp://user:pass@host:587 or smtps://…; without it messages stay in the outbox table. */
  smtpUrl: string | undefined;
  from: string;
  /**
   * MAIL_RETURN_PATH_HOST when configured: logged messages are sent with the envelope sender
   * `bounces+<delivery>@` it, so the bounce listener knows which message bounced.
   */
  returnPathHost?: string;
  /** SMTP connections kept open (MAIL_POOL_CONNECTIONS): messages sent at once; default 10. */
  poolConnections?: number | undefined;
  /** The server's logger (read when a message is sent: the HTTP server is built after the services). */
  log: () => MailLog;
  /**
   * Where a message kept in the outbox is printed as a readable block; unless told, the standard
   * output whenever the logger prints info (a silent server, as in tests, prints nothing).
   */
  print?: (block: string) => void;
}

/** SMTP connections kept open at once unless configured (messages sent in parallel up to this many). */
export const DEFAULT_MAIL_POOL_CONNECTIONS = 10;
/**
 * Messages one pooled connection carries before it is replaced (nodemailer's default is 100: a
 * new connection every 100 messages, each costing about ten messages' time).
 */
const MESSAGES_PER_CONNECTION = 1_000;

/**
 * The one way the studio sends email. Each message is first written to `mail_outbox`.
 * - Without SMTP_URL it stays there and is printed to the log, so a newcomer without a mail server
 *   still gets the codes and links.
 * - With SMTP_URL it is delivered over SMTP; once delivered its body is cleared (codes and temporary
 *   passwords do not linger in the database), a failure is recorded in `error`.
 */
export function createMailService(options: MailServiceOptions) {
  const { db, from } = options;
  const connections = options.poolConnections ?? DEFAULT_MAIL_POOL_CONNECTIONS;
  const print =
    options.print ??
    ((block: string) => {
      const log: MailLog & { isLevelEnabled?: (level: string) => boolean } = options.log();
      if (log.isLevelEnabled?.('info')) process.stdout.write(block);
    });
  // Pooled: a scheduled email to thousands reuses a few connections instead of one per message
  // (a connection costs about ten times the message's own send; bench/README.md, Email).
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        maxConnections: connections,
        maxMessages: MESSAGES_PER_CONNECTION,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;

  /**
   * Sends one message and answers how it went: a 5xx answer of the SMTP server is permanent (a
   * hard bounce: the address must not be tried again); anything else may succeed later.
   */
  async function deliver(message: MailMessage): Promise<MailOutcome> {
    // A logged message (a delivery token) has its record in the delivery log: over SMTP no
    // outbox row is written for it, two statements fewer per message of a send to thousands.
    if (transport && message.deliveryToken) return sendOverSmtp(message, transport);
    const row = await db
      .insertInto('mail_outbox')
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        sent_at: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    if (!transport) {
      // Deliberate: the whole message (codes and links included) is the only way it reaches anyone;
      // printed as a block a person can read, the JSON log only notes the fact.
      print(formatOutboxMessage(message));
      options
        .log()
        .info({ mailId: row.id, to: message.to, subject: message.subject }, 'email kept in the outbox');
      return { sent: true };
    }
    const outcome = await sendOverSmtp(message, transport);
    if (outcome.sent) {
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), text: '', html: null })
        .where('id', '=', row.id)
        .execute();
    } else {
      await db
        .updateTable('mail_outbox')
        .set({ error: outcome.reason.slice(0, 2000) })
        .where('id', '=', row.id)
        .execute();
    }
    return outcome;
  }

  async function sendOverSmtp(
    message: MailMessage,
    smtp: NonNullable<typeof transport>,
  ): Promise<MailOutcome> {
    try {
      const { sender } = message;
      await smtp.sendMail({
        from: sender?.from ?? from,
        replyTo: sender?.replyTo,
        envelope: envelopeOf(message, options.returnPathHost),
        dkim: sender?.dkim,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        icalEvent: message.icalEvent,
        attachments: message.attachments,
        ...(message.unsubscribeUrl && {
          list: { unsubscribe: message.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }),
      });
      return { sent: true };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options
        .log()
        .error({ to: message.to, delivery: message.deliveryToken, reason }, 'email delivery failed');
      const code = (error as { responseCode?: unknown }).responseCode;
      return { sent: false, reason, permanent: typeof code === 'number' && code >= 500 && code < 600 };
    }
  }

  return {
    delivery: transport ? ('smtp' as const) : ('outbox' as const),

    /** Messages that can be under way at once: a send to many keeps this many in flight. */
    connections,

    /** Sends one message; answers whether it left (or was kept, without SMTP). Never throws for SMTP. */
    send: async (message: MailMessage): Promise<boolean> => (await deliver(message)).sent,

    deliver,

    close(): void {
      transport?.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

/** A logged message's VERP envelope sender, on its sender's return-path host or the studio's. */
function envelopeOf(message: MailMessage, studioReturnPathHost: string | undefined) {
  const host = message.sender?.returnPathHost ?? studioReturnPathHost;
  if (!message.deliveryToken || !host) return undefined;
  return { from: verpAddress(message.deliveryToken, host), to: message.to };
}

/** The address of a From header (`Name <address>`, or a bare address): a calendar invite's organiser. */
export const addressOf = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** Escapes text for the HTML part of a message. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const URL_IN_TEXT = /https?:\/\/[^\s<]+/g;

/** The HTML part of a text-only message (the senders' own texts): paragraphs, links clickable. */
export const htmlOfText = (text: string) =>
  `<!doctype html><html><body>${text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph)
          .replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('')}</body></html>`;
