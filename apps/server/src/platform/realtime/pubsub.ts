import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';

/** Messages between the processes of one studio (websocket fan-out, job wake-ups). */
export interface PubSub {
  readonly kind: 'in-process' | 'postgres';
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
  /** Resolves once every subscription made so far hears messages. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface PubSubLog {
  warn(object: object, message: string): void;
}

const CHANNEL_PATTERN = /^[a-z][a-z0-9_]{0,40}$/;
const channelName = (channel: string) => {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid channel ${channel}`);
  return `studio_${channel}`;
};

/** PGlite is one process by nature: messages stay in it. */
export function createInProcessPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'in-process',
    publish(channel, message) {
      const name = channelName(channel);
      // Delivered after the publisher's own work, as a remote delivery would be.
      queueMicrotask(() => emitter.emit(name, message));
      return Promise.resolve();
    },
    subscribe(channel, listener) {
      const name = channelName(channel);
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
    ready: () => Promise.resolve(),
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

/**
 * A NOTIFY payload must be shorter than 8,000 bytes: a longer message (a session with a long
 * description) goes as parts `~part:{id}:{index}:{count}:{text}` (JSON never starts with '~'),
 * each at most PART_UNITS UTF-16 units — 3 bytes each at most in UTF-8, a surrogate pair 4 —
 * never cutting a pair; the listener joins them by id, whichever connection sent each.
 */
const NOTIFY_BYTES = 7_900;
const PART_UNITS = 2_500;
const PART = /^~part:([\w-]+):(\d+):(\d+):/;
/** A message whose parts stop arriving (a listener reconnected mid-way) is dropped after this. */
const PARTS_KEPT_MS = 60_000;

function notifyPayloads(text: string): string[] {
  if (Buffer.byteLength(text) < NOTIFY_BYTES) return [text];
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + PART_UNITS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    chunks.push(text.slice(at, end));
    at = end;
  }
  const id = randomUUID();
  return chunks.map((chunk, index) => `~part:${id}:${index}:${chunks.length}:${chunk}`);
}

/** Joins the parts of long messages; answers a whole message's text once its last part is in. */
function partsJoiner() {
  const pending = new Map<string, { parts: string[]; received: number }>();
  return (payload: string): string | undefined => {
    const match = PART.exec(payload);
    if (!match) return payload;
    const [head, id = '', index, count] = match;
    let message = pending.get(id);
    if (!message) {
      message = { parts: new Array<string>(Number(count)), received: 0 };
      pending.set(id, message);
      setTimeout(() => pending.delete(id), PARTS_KEPT_MS).unref();
    }
    if (message.parts[Number(index)] === undefined) message.received += 1;
    message.parts[Number(index)] = payload.slice(head.length);
    if (message.received < message.parts.length) return undefined;
    pending.delete(id);
    return message.parts.join('');
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: every process of the studio hears every message. One dedicated
 * connection listens (reconnecting with back-off if it drops); NOTIFY goes through a small pool.
 */
export function createPostgresPubSub(connectionString: string, log: PubSubLog): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listening = new Set<string>();
  const notifier = new pg.Pool({ connectionString, max: 2 });
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryDelay = 250;
  let listens: Promise<unknown> = Promise.resolve();

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString });
      const join = partsJoiner();
      client.on('notification', (notification) => {
        const text = notification.payload && join(notification.payload);
        if (!text) return;
        try {
          emitter.emit(notification.channel, JSON.parse(text) as unknown);
        } catch (error) {
          log.warn({ err: error }, 'unreadable pub/sub message');
        }
      });
      client.on('error', (error) => {
        log.warn({ err: error }, 'pub/sub connection lost; reconnecting');
        listener = undefined;
        connecting = undefined;
        client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void reconnect(), retryDelay).unref();
        retryDelay = Math.min(retryDelay * 2, 10_000);
      });
      await client.connect();
      for (const name of listening) await client.query(`listen "${name}"`);
      retryDelay = 250;
      listener = client;
      return client;
    })();
    return connecting;
  }

  async function reconnect() {
    if (closed) return;
    await connect().catch((error: unknown) => log.warn({ err: error }, 'pub/sub reconnect failed'));
  }

  return {
    kind: 'postgres',
    async publish(channel, message) {
      for (const payload of notifyPayloads(JSON.stringify(message)))
        await notifier.query('select pg_notify($1, $2)', [channelName(channel), payload]);
    },
    subscribe(channel, handler) {
      const name = channelName(channel);
      emitter.on(name, handler);
      if (!listening.has(name)) {
        listening.add(name);
        // One statement at a time on the listening connection (pg refuses overlapping queries).
        listens = listens.then(() =>
          connect()
            .then((client) => (client === listener ? client.query(`listen "${name}"`) : undefined))
            .catch((error: unknown) => log.warn({ err: error }, 'pub/sub listen failed')),
        );
      }
      return () => emitter.off(name, handler);
    },
    async ready() {
      await listens;
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      const client = await connecting?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      await notifier.end();
    },
  };
}
