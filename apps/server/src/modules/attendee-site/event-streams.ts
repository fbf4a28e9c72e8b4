import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

/** A comment line keeping a stream open through proxies. */
const HEARTBEAT_MS = 25_000;

/**
 * Server-sent event streams per event (the event app's pushes, the check-in desk's live counts):
 * a route opens its response as one of the event's streams; a message goes to all of them. The
 * streams end when the site closes.
 */
export function createEventStreams(app: FastifyInstance) {
  const streams = new Map<string, Set<ServerResponse>>();
  app.addHook('preClose', (done) => {
    for (const open of streams.values()) for (const stream of open) stream.end();
    done();
  });

  const message = (data: unknown, name?: string) =>
    `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

  return {
    /** Takes the reply over as a stream of the event's; `first` (a message's data) is sent at once. */
    open(reply: FastifyReply, eventId: string, first?: unknown): void {
      const stream = reply.raw;
      reply.hijack();
      stream.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      stream.write(`retry: 3000\n${first === undefined ? '\n' : message(first)}`);
      const open = streams.get(eventId) ?? new Set();
      streams.set(eventId, open.add(stream));
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      stream.on('close', () => {
        clearInterval(heartbeat);
        open.delete(stream);
        if (open.size === 0) streams.delete(eventId);
      });
    },

    /** Sends `data` to every open stream of the event, as the named event when `name` is given. */
    send(eventId: string, data: unknown, name?: string): void {
      for (const stream of streams.get(eventId) ?? []) stream.write(message(data, name));
    },
  };
}
