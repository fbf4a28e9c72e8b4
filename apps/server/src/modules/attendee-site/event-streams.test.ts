import { EventEmitter } from 'node:events';
import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createEventStreams, STREAM_MAX_BUFFERED_BYTES, type OpenStream } from './event-streams.ts';

/** A stream's response as the event streams use it: what was written, and whether it was dropped. */
function fakeReply() {
  const response = Object.assign(new EventEmitter(), {
    written: [] as string[],
    writableLength: 0,
    destroyed: false,
    writeHead: () => undefined,
    write(text: string) {
      response.written.push(text);
      return true;
    },
    end: () => response.emit('close'),
    destroy() {
      response.destroyed = true;
      response.emit('close');
    },
  });
  const reply = { raw: response, hijack: () => undefined, getHeaders: () => ({}) };
  return { reply: reply as unknown as FastifyReply, response };
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
});
