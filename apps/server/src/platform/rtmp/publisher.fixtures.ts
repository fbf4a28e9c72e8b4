import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runMediaTool } from '@studio/media';
import type { IngestSegment, PublishEnd, PublishHandler } from './ingest.ts';

/** A keyframe a second: the tests cut 1 s segments, so the first arrives soon. */
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'];
const AAC = ['-c:a', 'aac'];

export interface TestPublisher {
  child: ChildProcess;
  /** The publisher's exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** What ffmpeg printed (errors only), once it has exited: a refused publish says why. */
  said: Promise<string>;
}

/** ffmpeg publishing a test pattern and a tone in real time, as an encoder would. */
export function publish(
  url: string,
  { seconds = 4, codecs = [...H264, ...AAC] }: { seconds?: number; codecs?: string[] } = {},
): TestPublisher {
  const child = spawn(
    'ffmpeg',
    [
      ...['-nostdin', '-v', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), ...codecs, '-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, exited, said: exited.then(() => output) };
}

/** A segment as the handler saw it, with the codecs ffprobe found in it then. */
export interface SeenSegment extends IngestSegment {
  codecs: string[];
}

/** A publish handler that probes every segment and remembers how the publish ended. */
export function recordingHandler() {
  const segments: SeenSegment[] = [];
  const ends: PublishEnd[] = [];
  let announceEnd!: (end: PublishEnd) => void;
  const ended = new Promise<PublishEnd>((resolve) => (announceEnd = resolve));
  let announceFirst!: () => void;
  const firstSegment = new Promise<void>((resolve) => (announceFirst = resolve));
  const handler: PublishHandler = {
    async onSegment(segment) {
      const { stdout } = await runMediaTool('ffprobe', [
        ...['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', segment.file],
      ]);
      // MPEG-TS lists each stream again under its program.
      const codecs = [...new Set(stdout.split('\n').filter(Boolean))].sort();
      segments.push({ ...segment, codecs });
      announceFirst();
    },
    onEnd(end) {
      ends.push(end);
      announceEnd(end);
    },
  };
  return { handler, segments, ends, ended, firstSegment };
}

/** Processes whose command line mentions `text`: a packager writing into a work dir. */
export async function processesMentioning(text: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const commandLine = await readFile(join('/proc', entry, 'cmdline'), 'utf8').catch(() => '');
    if (commandLine.includes(text)) pids.push(Number(entry));
  }
  return pids;
}

/** A self-signed certificate for 127.0.0.1, made with openssl. */
export async function selfSignedCertificate(dir: string): Promise<{ cert: Buffer; key: Buffer }> {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
    ...['-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert],
  ]);
  return { cert: await readFile(cert), key: await readFile(key) };
}
