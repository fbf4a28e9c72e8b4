import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as an SMTP server received it, with its text and HTML parts decoded. */
export interface CaughtMail {
  envelopeTo: string[];
  /** The envelope sender (MAIL FROM), where bounces go. */
  envelopeFrom: string;
  /** The user the client authenticated as, when it did. */
  authUser: string | undefined;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  /** The text/calendar part (an iCalendar invitation), when the message has one. */
  calendar: string;
  /** The image parts (inline or attached), with their Content-ID. */
  images: { type: string; cid: string | undefined; content: Buffer }[];
  /** The message as received (for a standard MIME parser and signature checks). */
  raw: Buffer;
}

export interface MailCatcher {
  /** smtp://user:password@127.0.0.1:port — for SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** The first message (already received or arriving within the timeout) matching the filter. */
  waitFor(filter: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** The next message to this address received after the call's `since` count. */
  nextTo(address: string, since?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  credentials?: { user: string; password: string };
  /** Each message is accepted this long after its data arrived (a slow server keeps a batch under way). */
  delayMs?: number;
  /** Recipients answered `550 5.1.1 No such user here` (a hard bounce) at RCPT TO. */
  refuses?: (address: string) => boolean;
}

/** A real SMTP server on loopback (port 0) that keeps every message it receives. */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const credentials = options.credentials ?? { user: 'studio', password: 'smtp-secret' };
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    // Clients a test made and left connected (a pooled mail service) are told 421 and dropped when
    // the catcher closes, instead of being waited for 30 s.
    closeTimeout: 100,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (!options.refuses?.(address.address)) return callback();
      callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => setTimeout(received, options.delayMs ?? 0));
      const received = () => {
        const raw = Buffer.concat(chunks);
        const parsed = { ...parseMessage(raw.toString('utf8')), raw };
        messages.push({
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          authUser: typeof session.user === 'string' ? session.user : undefined,
          ...parsed,
        });
        for (const wake of waiters) wake();
        callback();
      };
    },
  });
  // A client that goes away mid-session (a killed worker) resets its socket: the catcher carries on.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitFor = (filter: (mail: CaughtMail) => boolean, timeoutMs = 30_000) =>
    new Promise<CaughtMail>((resolve, reject) => {
      const check = () => {
        const found = messages.find(filter);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching email within ${timeoutMs} ms (received ${messages.length})`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return {
    url: `smtp://${credentials.user}:${credentials.password}@127.0.0.1:${port}`,
    messages,
    waitFor,
    nextTo(address: string, since = 0) {
      return waitFor(
        (mail) => messages.indexOf(mail) >= since && mail.envelopeTo.includes(address.toLowerCase()),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMessage(raw: string): Omit<CaughtMail, 'envelopeTo' | 'envelopeFrom' | 'authUser' | 'raw'> {
  const part = parsePart(raw);
  const parts = flatten(part);
  return {
    headers: part.headers,
    subject: decodeWords(part.headers.subject ?? ''),
    text: parts.find((entry) => entry.type.startsWith('text/plain'))?.body ?? '',
    html: parts.find((entry) => entry.type.startsWith('text/html'))?.body ?? '',
    calendar: parts.find((entry) => entry.type.startsWith('text/calendar'))?.body ?? '',
    images: parts
      .filter((entry) => entry.type.startsWith('image/'))
      .map((entry) => ({
        type: entry.type.split(';')[0]!,
        cid: entry.headers['content-id']?.replace(/^<|>$/g, ''),
        content: Buffer.from(entry.raw.replace(/\s+/g, ''), 'base64'),
      })),
  };
}

interface Part {
  headers: Record<string, string>;
  type: string;
  body: string;
  /** The body as sent (still transfer-encoded). */
  raw: string;
  children: Part[];
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const children = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .map((chunk) => parsePart(chunk.replace(/^\r\n/, '')));
    return { headers, type, body: '', raw: body, children };
  }
  return {
    headers,
    type,
    body: decodeBody(body, headers['content-transfer-encoding'] ?? '7bit'),
    raw: body,
    children: [],
  };
}

function flatten(part: Part): Part[] {
  return part.children.length > 0 ? part.children.flatMap(flatten) : [part];
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\r\n/g, ''));
    default:
      return body;
  }
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i];
    const hex = value.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n$/, '');
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_match, _charset, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}
