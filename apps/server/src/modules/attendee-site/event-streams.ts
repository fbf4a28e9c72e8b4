import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

/** A comment line keeping a stream open through proxies. */
const HEARTBEAT_MS = 25_000;
/**
 * Back-pressure: a stream whose socket holds more unsent bytes than this when a message comes is
 * a client that does not keep up; it is ended (it reconnects and reads the history) rather than
 * buffered without bound.
 */
export const STREAM_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Who an open stream is for (the event app's pushes); none for the check-in desk's. */
export interface StreamRecipient {
  userId: string;
  role: number | undefined;
  /** The session the person watches, when their page named one. */
  sessionId: string | null;
}

export interface OpenStream {
  id: string;
  eventId: string;
  recipient: StreamRecipient;
}

/** Told when a recipient's stream opens and closes (presence). */
export interface StreamWatcher {
  opened(stream: OpenStream): void;
  closed(stream: OpenStream): void;
}

interface Stream {
  response: ServerResponse;
  open: OpenStream | undefined;
}

/**
 * Server-sent event streams per event (the event app's pushes, the check-in desk's live counts):
 * a route opens its response as one of the event's streams; a message goes to all of them, or to
 * each recipient what is theirs. The streams end when the site closes.
 */
export function createEventStreams(app: FastifyInstance) {
  const streams = new Map<string, Set<Stream>>();
  const watchers: StreamWatcher[] = [];
  app.addHook('preClose', (done) => {
    for (const open of streams.values()) for (const stream of open) stream.response.end();
    done();
  });

  const frame = (json: string, name?: string) => `${name ? `event: ${name}\n` : ''}data: ${json}\n\n`;
  const message = (data: unknown, name?: string) => frame(JSON.stringify(data), name);

  /**
   * Writes, or ends a stream that does not keep up. A stream already ended (the site closing) whose
   * socket has not closed yet gets nothing: a write after the end is an error that ends the process.
   */
  function write(stream: Stream, text: string | Buffer) {
    if (stream.response.writableEnded) return;
    if (stream.response.writableLength > STREAM_MAX_BUFFERED_BYTES) stream.response.destroy();
    else stream.response.write(text);
  }

  return {
    /**
     * Takes the reply over as a stream of the event's; `first` (a message's data) is sent at once.
     * A `recipient` receives what `sendEach` chooses for them, and its watchers hear it open and close.
     */
    open(reply: FastifyReply, eventId: string, first?: unknown, recipient?: StreamRecipient): void {
      const response = reply.raw;
      reply.hijack();
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      response.write(`retry: 3000\n${first === undefined ? '\n' : message(first)}`);
      const stream: Stream = {
        response,
        open: recipient && { id: randomUUID(), eventId, recipient },
      };
      const open = streams.get(eventId) ?? new Set();
      streams.set(eventId, open.add(stream));
      const heartbeat = setInterval(() => write(stream, ': heartbeat\n\n'), HEARTBEAT_MS);
      if (stream.open) for (const watcher of watchers) watcher.opened(stream.open);
      response.on('close', () => {
        clearInterval(heartbeat);
        open.delete(stream);
        if (open.size === 0) streams.delete(eventId);
        if (stream.open) for (const watcher of watchers) watcher.closed(stream.open);
      });
    },

    /** Sends `data` to every open stream of the event, as the named event when `name` is given. */
    send(eventId: string, data: unknown, name?: string): void {
      const open = streams.get(eventId);
      if (!open) return;
      const text = message(data, name);
      for (const stream of open) write(stream, text);
    },

    /**
     * Sends each recipient's stream of the event what `dataFor` answers for them (nothing: undefined).
     * An answer that is an array is written as its items, each item object serialised once for the
     * whole event however many recipients' answers share it (a chat message pushed to thousands),
     * and the frame of the same items in the same order built and encoded once for all who get it.
     */
    sendEach(eventId: string, name: string, dataFor: (recipient: StreamRecipient) => unknown): void {
      const serialised = new Map<unknown, { index: number; json: string }>();
      const item = (data: unknown) => {
        let known = serialised.get(data);
        if (!known)
          serialised.set(data, (known = { index: serialised.size, json: JSON.stringify(data) ?? 'null' }));
        return known;
      };
      const frames = new Map<string, Buffer>();
      const frameOf = (items: unknown[]) => {
        const known = items.map(item);
        const key = known.map((each) => each.index).join(',');
        let chunk = frames.get(key);
        if (!chunk)
          frames.set(
            key,
            (chunk = Buffer.from(frame(`[${known.map((each) => each.json).join(',')}]`, name))),
          );
        return chunk;
      };
      for (const stream of streams.get(eventId) ?? []) {
        const data = stream.open && dataFor(stream.open.recipient);
        if (data === undefined) continue;
        write(stream, Array.isArray(data) ? frameOf(data) : frame(JSON.stringify(data), name));
      }
    },

    watch(watcher: StreamWatcher): void {
      watchers.push(watcher);
    },
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
