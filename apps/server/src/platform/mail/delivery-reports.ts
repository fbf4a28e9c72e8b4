import { simpleParser, type StructuredHeader } from 'mailparser';

/**
 * What a delivery report says of one recipient (RFC 3464 DSN, RFC 5965 ARF): a permanent failure
 * (`bounced`), a complaint (`complained`), or a delay or success the log may ignore.
 */
export interface DeliveryReport {
  outcome: 'bounced' | 'complained' | 'delayed' | 'delivered';
  /** The address the original message was sent to, lowercase. */
  recipient: string | null;
  /** RFC 3463 status, e.g. 5.1.1. */
  status: string | null;
  /** The receiving server's words, when it gave them. */
  diagnostic: string | null;
}

/** The VERP envelope sender of a logged message: `bounces+<token>@host` (token: the delivery's id). */
export const BOUNCE_LOCAL_PART = 'bounces';
export const verpAddress = (token: string, host: string) => `${BOUNCE_LOCAL_PART}+${token}@${host}`;

/** The token of a VERP address the bounce listener received a report at (null: not ours). */
export function verpToken(address: string): string | null {
  const match = /^bounces\+([A-Za-z0-9_-]{1,100})@[^@\s]+$/i.exec(address.trim());
  return match?.[1] ?? null;
}

/** The `Name: value` fields of a report part, in blocks (per-message, then per-recipient). */
function fieldBlocks(text: string): Map<string, string>[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; a@b.test` → `a@b.test`. */
const addressOf = (value: string | undefined) =>
  value ? (value.includes(';') ? value.slice(value.indexOf(';') + 1) : value).trim().toLowerCase() : null;

function fromDeliveryStatus(text: string): DeliveryReport[] {
  return fieldBlocks(text)
    .filter((fields) => fields.has('action') && fields.has('final-recipient'))
    .map((fields) => {
      const action = fields.get('action')?.toLowerCase() ?? '';
      const status = fields.get('status') ?? null;
      const outcome =
        action === 'failed' || status?.startsWith('5')
          ? 'bounced'
          : action === 'delayed'
            ? 'delayed'
            : 'delivered';
      return {
        outcome,
        recipient: addressOf(fields.get('final-recipient') ?? fields.get('original-recipient')),
        status,
        diagnostic: fields.get('diagnostic-code') ?? null,
      };
    });
}

function fromFeedbackReport(text: string): DeliveryReport[] {
  const fields = new Map(fieldBlocks(text).flatMap((block) => [...block]));
  if (!fields.has('feedback-type')) return [];
  return [
    {
      outcome: 'complained',
      recipient: addressOf(fields.get('original-rcpt-to')),
      status: null,
      diagnostic: fields.get('feedback-type') ?? null,
    },
  ];
}

/**
 * The reports a message received at the return path carries: a `multipart/report` of type
 * `delivery-status` (a bounce or a delay) or `feedback-report` (a complaint). Anything else — an
 * auto-reply, spam — carries none.
 */
export async function parseDeliveryReports(raw: Buffer | string): Promise<DeliveryReport[]> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextLinks: true, skipImageLinks: true });
  const type = parsed.headers.get('content-type') as StructuredHeader | undefined;
  if (type?.value.toLowerCase() !== 'multipart/report') return [];
  const reportType = type.params['report-type']?.toLowerCase();
  // mailparser reads a delivery-status part as text and a feedback-report part as an attachment.
  const reportParts = parsed.attachments.filter((part) =>
    /^message\/(global-)?(delivery-status|feedback-report)$/i.test(part.contentType),
  );
  const text = [parsed.text ?? '', ...reportParts.map((part) => part.content.toString('utf8'))].join('\n\n');
  if (reportType === 'delivery-status' || reportType === 'global-delivery-status')
    return fromDeliveryStatus(text);
  if (reportType === 'feedback-report') return fromFeedbackReport(text);
  return [];
}
