import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rtmpInputServerMessages } from '@studio/domain';
import {
  startIngest,
  type Ingest,
  type IngestOptions,
  type Publisher,
  type PublishSession,
} from './ingest.ts';
import {
  processesMentioning,
  publish,
  recordingHandler,
  selfSignedCertificate,
} from './publisher.fixtures.ts';

const KEY = 'a1b2c3d4-good-key';
let scratch: string;
let certificate: { cert: Buffer; key: Buffer };
const running: { ingest: Ingest; workDir: string }[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'rtmp-ingest-'));
  certificate = await selfSignedCertificate(scratch);
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

// Whatever a test did, closing leaves no packager running and no segment behind.
afterEach(async () => {
  for (const { ingest, workDir } of running.splice(0)) {
    await ingest.close();
    expect(await processesMentioning(workDir)).toEqual([]);
    expect(await readdir(workDir).catch(() => [])).toEqual([]);
  }
});

/** An ingest that accepts KEY with a recording handler and refuses every other key. */
async function startTestIngest(options: Partial<IngestOptions> = {}) {
  const workDir = await mkdtemp(join(scratch, 'work-'));
  const recorder = recordingHandler();
  const asked: Publisher[] = [];
  const sessions: PublishSession[] = [];
  const ingest = await startIngest({
    host: '127.0.0.1',
    port: 0,
    workDir,
    segmentSeconds: 1,
    authorize(publisher, session) {
      asked.push(publisher);
      sessions.push(session);
      return Promise.resolve(publisher.key === KEY ? recorder.handler : null);
    },
    ...options,
  });
  running.push({ ingest, workDir });
  return { ingest, workDir, asked, sessions, ...recorder, url: `rtmp://127.0.0.1:${ingest.port}/live` };
}

/** Sends raw bytes and resolves when the server closes the connection. */
function sendRaw(port: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('error', () => {});
    socket.on('close', () => resolve());
    socket.resume();
  });
}

describe('RTMP ingest', () => {
  it('packages a publish with the right key into playable H.264/AAC segments, in order', async () => {
    const { url, asked, segments, ended, ends } = await startTestIngest();

    const publisher = publish(`${url}/${KEY}`, { seconds: 3 });

    expect(await publisher.exited).toBe(0);
    expect(await ended).toEqual({ reason: 'closed' });
    expect(asked).toEqual([{ app: 'live', key: KEY, remoteAddress: '127.0.0.1', secure: false }]);
    expect(segments.length).toBeGreaterThanOrEqual(2);
    expect(segments.map((segment) => segment.index)).toEqual(segments.map((_, index) => index));
    for (const segment of segments) expect(segment.codecs).toEqual(['aac', 'h264']);
    // Stream time runs on from one segment to the next.
    for (const [i, segment] of segments.entries())
      if (i > 0)
        expect(segment.startTime).toBeCloseTo(segments[i - 1]!.startTime + segments[i - 1]!.duration, 3);
    expect(segments.reduce((total, segment) => total + segment.duration, 0)).toBeGreaterThan(2.5);
    expect(ends).toHaveLength(1);
  });

  it('refuses a wrong key at once', async () => {
    const { url, asked, ends, segments } = await startTestIngest();

    const publisher = publish(`${url}/revoked-key`, { seconds: 30 });

    expect(await publisher.exited).not.toBe(0);
    expect(asked.map((publisher) => publisher.key)).toEqual(['revoked-key']);
    expect(segments).toEqual([]);
    expect(ends).toEqual([]);
  });

  it('takes RTMPS with the same handling, and closes plain RTMP sent to the RTMPS port', async () => {
    const { ingest, asked, segments, ended } = await startTestIngest({
      tls: { port: 0, ...certificate },
    });
    const tlsUrl = `127.0.0.1:${ingest.tlsPort}/live/${KEY}`;

    expect(await publish(`rtmp://${tlsUrl}`).exited).not.toBe(0);
    const publisher = publish(`rtmps://${tlsUrl}`, { seconds: 3 });

    expect(await publisher.exited).toBe(0);
    expect(await ended).toEqual({ reason: 'closed' });
    expect(asked).toEqual([{ app: 'live', key: KEY, remoteAddress: '127.0.0.1', secure: true }]);
    expect(segments.length).toBeGreaterThanOrEqual(1);
    for (const segment of segments) expect(segment.codecs).toEqual(['aac', 'h264']);
  });

  it.each([
    ['Sorenson H.263 video and AAC audio', ['-c:v', 'flv1', '-c:a', 'aac']],
    ['H.264 video and MP3 audio', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'libmp3lame']],
    ['no video and AAC audio', ['-vn', '-c:a', 'aac']],
  ])('ends a publish of %s as unsupported, saying what to set', async (received, codecs) => {
    const { url, ended, segments } = await startTestIngest();

    const publisher = publish(`${url}/${KEY}`, { seconds: 30, codecs });

    expect(await ended).toEqual({
      reason: 'unsupported',
      message: `The stream must be H.264 video with AAC audio; received ${received}. In OBS: Output → Encoder x264, Audio AAC.`,
    });
    expect(await publisher.exited).not.toBe(0);
    expect(segments).toEqual([]);
  });

  it('packages a publish without audio', async () => {
    const { url, segments, ended } = await startTestIngest();

    const publisher = publish(`${url}/${KEY}`, {
      seconds: 3,
      codecs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-an'],
    });

    expect(await publisher.exited).toBe(0);
    expect(await ended).toEqual({ reason: 'closed' });
    expect(segments.length).toBeGreaterThanOrEqual(1);
    for (const segment of segments) expect(segment.codecs).toEqual(['h264']);
  });

  it('tells a refused publisher why: the key is not valid, or what the studio answered', async () => {
    const { url } = await startTestIngest({
      authorize: (publisher) =>
        Promise.resolve(publisher.key === KEY ? { refused: 'This stream key is busy.' } : null),
    });

    const wrong = publish(`${url}/revoked-key`, { seconds: 30 });
    const busy = publish(`${url}/${KEY}`, { seconds: 30 });

    expect(await wrong.said).toContain(rtmpInputServerMessages.streamKeyNotValid);
    expect(await busy.said).toContain('This stream key is busy.');
    expect(await busy.exited).not.toBe(0);
  });

  it('warns in one line, without a stack, of a message over the size limit', async () => {
    const logged: { level: string; entry: object; message?: string }[] = [];
    const log = {
      info: (entry: object, message?: string) => logged.push({ level: 'info', entry, message }),
      warn: (entry: object, message?: string) => logged.push({ level: 'warn', entry, message }),
    };
    const { ingest } = await startTestIngest({ log });
    const handshake = Buffer.concat([Buffer.from([3]), Buffer.alloc(2 * 1536)]);
    const hugeMessage = Buffer.from([0x03, 0, 0, 0, 0xff, 0xff, 0xff, 20, 0, 0, 0, 0, 0x02]);

    await sendRaw(ingest.port, Buffer.concat([handshake, hugeMessage]));

    const dropped = logged.filter((line) => line.message !== 'RTMP ingest listening');
    expect(dropped).toEqual([
      {
        level: 'warn',
        entry: { remoteAddress: '127.0.0.1', bytes: 0xffffff },
        message: 'RTMP message over the size limit: connection dropped',
      },
    ]);
  });

  it('closes connections that are not RTMP at once and goes on serving', async () => {
    // Longer than the test may take: a connection left waiting would fail it.
    const { ingest, url, ended, segments } = await startTestIngest({ stallTimeoutMs: 120_000 });
    const handshake = Buffer.concat([Buffer.from([3]), Buffer.alloc(2 * 1536)]);
    // A command message (type 20) on chunk stream 3 declaring 16 MB, and its first byte.
    const hugeMessage = Buffer.from([0x03, 0, 0, 0, 0xff, 0xff, 0xff, 20, 0, 0, 0, 0, 0x02]);

    await sendRaw(ingest.port, Buffer.from('GET / HTTP/1.1\r\nHost: studio\r\n\r\n'));
    // The RTMP version byte, then junk through the handshake and chunk parser.
    await sendRaw(ingest.port, Buffer.concat([Buffer.from([3]), Buffer.alloc(100_000, 0xff)]));
    await sendRaw(ingest.port, Buffer.concat([handshake, hugeMessage]));
    const publisher = publish(`${url}/${KEY}`, { seconds: 3 });

    expect(await publisher.exited).toBe(0);
    expect(await ended).toEqual({ reason: 'closed' });
    expect(segments.length).toBeGreaterThanOrEqual(1);
  });

  it('ends a publisher that stops sending media as stalled', async () => {
    const { url, firstSegment, ended } = await startTestIngest({ stallTimeoutMs: 1500 });
    const publisher = publish(`${url}/${KEY}`, { seconds: 30 });
    await firstSegment;

    publisher.child.kill('SIGSTOP');

    expect(await ended).toEqual({ reason: 'stalled', message: 'No media for 1.5 s.' });
    publisher.child.kill('SIGKILL');
    await publisher.exited;
  });

  it('ends a kicked publish and closes its connection', async () => {
    const { url, sessions, firstSegment, ended, ends } = await startTestIngest();
    const publisher = publish(`${url}/${KEY}`, { seconds: 30 });
    await firstSegment;

    sessions[0]!.kick();

    expect(await ended).toEqual({ reason: 'kicked' });
    expect(await publisher.exited).not.toBe(0);
    expect(ends).toHaveLength(1);
  });

  it('ends the publish with an error when its ffmpeg dies', async () => {
    const { url, workDir, firstSegment, ended } = await startTestIngest();
    const publisher = publish(`${url}/${KEY}`, { seconds: 30 });
    await firstSegment;
    const [packager] = await processesMentioning(workDir);

    process.kill(packager!, 'SIGKILL');

    const end = await ended;
    expect(end.reason).toBe('error');
    expect(end.message).toContain('SIGKILL');
    expect(await publisher.exited).not.toBe(0);
  });

  it('close() ends every publish once and stops its ffmpeg', async () => {
    const { ingest, url, workDir, firstSegment, ends } = await startTestIngest();
    const publisher = publish(`${url}/${KEY}`, { seconds: 30 });
    await firstSegment;
    expect(await processesMentioning(workDir)).toHaveLength(1);

    await ingest.close();

    expect(ends).toEqual([{ reason: 'closed', message: 'The ingest closed.' }]);
    expect(await processesMentioning(workDir)).toEqual([]);
    expect(await publisher.exited).not.toBe(0);
  });
});
