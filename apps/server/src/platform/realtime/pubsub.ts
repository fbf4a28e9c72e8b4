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
      client.on('notification', (notification) => {
        if (!notification.payload) return;
        try {
          emitter.emit(notification.channel, JSON.parse(notification.payload) as unknown);
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
      await notifier.query('select pg_notify($1, $2)', [channelName(channel), JSON.stringify(message)]);
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
