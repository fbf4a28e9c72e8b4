import { EventEmitter } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createEventStreams, STREAM_MAX_BUFFERED_BYTES, type OpenStream } from './event-streams.ts';

/**
 * A stream's response as the event streams use it: what was written, and whether it was dropped.
 * Like Node's, a write after its end is an error; `closesOnEnd: false` is a socket whose 'close'
 * has not come yet when the response ends.
 */
function fakeReply({ closesOnEnd = true } = {}) {
  const response = Object.assign(new EventEmitter(), {
    written: [] as string[],
    writableLength: 0,
    writableEnded: false,
    destroyed: false,
    writeHead: () => undefined,
    write(text: string | Buffer) {
      if (response.writableEnded) throw new Error('write after end');
      response.written.push(String(text));
      return true;
    },
    end() {
      response.writableEnded = true;
      if (closesOnEnd) response.emit('close');
    },
    destroy() {
      response.destroyed = true;
      response.emit('close');
    },
  });
  const reply = { raw: response, hijack: () => undefined, getHeaders: () => ({}) };
  return { reply: reply as unknown as FastifyReply, response };
}

/** Resolves once `done` answers true (asked again every 5 ms). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('event streams', () => {
  it('sends each recipient what is theirs and tells watchers when streams open and close', async () => {
    const app = Fastify();
    const streams = createEventStreams(app);
    const seen: string[] = [];
    streams.watch({
      opened: (stream: OpenStream) => seen.push(`opened ${stream.recipient.userId}`),
      closed: (stream: OpenStream) => seen.push(`closed ${stream.recipient.userId}`),
    });
    const ada = fakeReply();
    const bob = fakeReply();
    streams.open(ada.reply, 'event', undefined, { userId: 'ada', role: 0, sessionId: null });
    streams.open(bob.reply, 'event', undefined, { userId: 'bob', role: 0, sessionId: null });
    streams.sendEach('event', 'engagement', (recipient) => (recipient.userId === 'ada' ? ['hi'] : undefined));
    expect(ada.response.written.at(-1)).toBe('event: engagement\ndata: ["hi"]\n\n');
    expect(bob.response.written.join('')).not.toContain('engagement');
    bob.response.emit('close');
    expect(seen).toEqual(['opened ada', 'opened bob', 'closed bob']);
    await app.close();
  });

  it('serialises an item that several recipients share once for the event, and each its own', async () => {
    const app = Fastify();
    const streams = createEventStreams(app);
    const people = ['ada', 'bob', 'cy'].map((userId) => {
      const reply = fakeReply();
      streams.open(reply.reply, 'event', undefined, { userId, role: 0, sessionId: null });
      return { userId, response: reply.response };
    });
    let serialised = 0;
    const shared = { toJSON: () => (serialised++, { text: 'hello' }) };
    streams.sendEach('event', 'engagement', (recipient) => [shared, { mine: recipient.userId }]);
    expect(serialised).toBe(1);
    for (const { userId, response } of people)
      expect(response.written.at(-1)).toBe(
        `event: engagement\ndata: [{"text":"hello"},{"mine":"${userId}"}]\n\n`,
      );
    await app.close();
  });

  it('ends a stream whose socket holds more than the bound of unsent data instead of buffering more', async () => {
    const app = Fastify();
    const streams = createEventStreams(app);
    const slow = fakeReply();
    const quick = fakeReply();
    streams.open(slow.reply, 'event');
    streams.open(quick.reply, 'event');
    slow.response.writableLength = STREAM_MAX_BUFFERED_BYTES + 1;
    const before = slow.response.written.length;
    streams.send('event', { n: 1 }, 'engagement');
    expect(slow.response.destroyed).toBe(true);
    expect(slow.response.written).toHaveLength(before);
    expect(quick.response.written.at(-1)).toContain('"n":1');
    streams.send('event', { n: 2 }, 'engagement');
    expect(slow.response.written).toHaveLength(before);
    await app.close();
  });

  it('drops a real client that reads nothing once its socket holds more than the bound; one that reads gets everything', async () => {
    const app = Fastify();
    const streams = createEventStreams(app);
    const opened: string[] = [];
    const closed: string[] = [];
    streams.watch({
      opened: (stream) => opened.push(stream.recipient.userId),
      closed: (stream) => closed.push(stream.recipient.userId),
    });
    app.get<{ Params: { user: string } }>('/stream/:user', (request, reply) =>
      streams.open(reply, 'event', undefined, { userId: request.params.user, role: 0, sessionId: null }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // The slow client asks for its stream and never reads a byte of it.
    const slow = net.connect(port, '127.0.0.1', () =>
      slow.write('GET /stream/slow HTTP/1.1\r\nHost: a\r\n\r\n'),
    );
    slow.pause();
    let read = '';
    const quick = http.get(`http://127.0.0.1:${port}/stream/quick`, (response) =>
      response.setEncoding('utf8').on('data', (chunk: string) => (read = (read + chunk).slice(-100))),
    );
    await until(() => opened.length === 2);

    const big = 'x'.repeat(64 * 1024);
    let sent = 0;
    while (!closed.includes('slow') && sent < 1000) {
      streams.send('event', big, 'engagement');
      sent += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(closed).toEqual(['slow']);
    expect(sent * big.length).toBeGreaterThan(STREAM_MAX_BUFFERED_BYTES);
    streams.send('event', 'the last', 'engagement');
    await until(() => read.endsWith('data: "the last"\n\n'));
    expect(closed).toEqual(['slow']);
    quick.destroy();
    slow.destroy();
    await app.close();
  });

  it('writes nothing more to the streams it ended when the site closed, before their sockets close', async () => {
    const app = Fastify();
    const streams = createEventStreams(app);
    const lingering = fakeReply({ closesOnEnd: false });
    streams.open(lingering.reply, 'event', undefined, { userId: 'ada', role: 0, sessionId: null });
    await app.close();
    expect(lingering.response.writableEnded).toBe(true);
    const written = lingering.response.written.length;
    streams.send('event', { n: 1 }, 'engagement');
    streams.sendEach('event', 'engagement', () => ['late']);
    expect(lingering.response.written).toHaveLength(written);
  });
});
