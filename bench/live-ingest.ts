// Live ingest benchmark (issue 19): CPU of one ingested 1080p stream ÷ CPU of ffmpeg copying the
// same stream to segments, and how many such inputs two cores hold.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { INGEST_SEGMENT_SECONDS, mediaBinaries } from '@studio/media';
import { freePort, ratio } from './bench-util.ts';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const CORES = 2;

/** 1080p30 H.264/AAC FLV at 6 Mb/s, keyframe every 2 s, as an encoder publishes it. */
async function makeSource(dir: string): Promise<string> {
  const file = path.join(dir, 'source.flv');
  await run(mediaBinaries().ffmpeg, [
    ...['-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-b:v', '6M'],
    ...['-c:a', 'aac', '-f', 'flv', file],
  ]);
  return file;
}

/** A real-time publisher of the source (its own CPU is not measured). */
function publish(source: string, url: string, limit: string[] = []) {
  return run(mediaBinaries().ffmpeg, [
    ...['-nostdin', '-v', 'error', '-re', '-i', source, ...limit, '-c', 'copy', '-f', 'flv', url],
  ]);
}

type PublishCpu = { nodeMs: number; ffmpegMs: number; segments: number; reason: string };

/** The ingest in a process of its own: a 2 s publish to warm it up, then `measured` publishes once. */
async function ingestCpu(workDir: string, measured: (port: number) => Promise<unknown>): Promise<PublishCpu> {
  const ticksPerSecond = (await run('getconf', ['CLK_TCK'])).stdout.trim();
  const script = path.join(import.meta.dirname, 'live-ingest-process.ts');
  const ingest = spawn(process.execPath, ['--import', 'tsx', script, workDir, ticksPerSecond], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: ingest.stdout })[Symbol.asyncIterator]();
  const next = async () =>
    JSON.parse(((await lines.next()).value as string | undefined) ?? 'null') as unknown;
  try {
    const { port } = (await next()) as { port: number };
    await measured(port).then(() => undefined);
    await next();
    return (await next()) as PublishCpu;
  } finally {
    ingest.stdin.end();
    await once(ingest, 'close');
  }
}

/** User + system CPU of one process run to its end (bash's `time`: the child's own rusage), in ms. */
async function processCpuMs(command: string, args: string[]): Promise<number> {
  const { stderr } = await run('bash', [
    ...['-c', 'TIMEFORMAT="%3U %3S"; time "$@" >/dev/null 2>&1', 'bash', command, ...args],
  ]);
  const [user, system] = stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return (user! + system!) * 1000;
}

/** `-c copy` of the input's video and audio to the ingest's kind of segments. */
function copyToSegments(dir: string): string[] {
  return [
    ...['-map', '0:v', '-map', '0:a', '-c', 'copy', '-f', 'segment'],
    ...['-segment_time', String(INGEST_SEGMENT_SECONDS), '-segment_format', 'mpegts'],
    ...['-segment_list', 'pipe:1', '-segment_list_type', 'csv', path.join(dir, 'segment-%05d.ts')],
  ];
}

/** ffmpeg as the RTMP listener itself, copying what it receives to segments. */
async function listenerCopyCpuMs(source: string, dir: string): Promise<number> {
  const url = `rtmp://127.0.0.1:${await freePort()}/live/bench`;
  const listener = processCpuMs(mediaBinaries().ffmpeg, [
    ...['-nostdin', '-v', 'error', '-listen', '1', '-i', url, ...copyToSegments(dir)],
  ]);
  // Until the listener is up, a publisher is refused at once.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await publish(source, url);
      break;
    } catch (error) {
      if (attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return listener;
}

export async function benchLiveIngest(): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
  try {
    const source = await makeSource(dir);
    const [plainDir, listenerDir] = [path.join(dir, 'plain'), path.join(dir, 'listener')];
    await Promise.all([mkdir(plainDir), mkdir(listenerDir)]);
    const load = os.loadavg()[0]!.toFixed(2);
    // The three run side by side (each a few % of a core); each figure is one process's own CPU.
    let plain = 0;
    let listener = 0;
    const ingest = await ingestCpu(path.join(dir, 'work'), async (port) => {
      const url = `rtmp://127.0.0.1:${port}/live/bench`;
      await publish(source, url, ['-t', '2']);
      [, plain, listener] = await Promise.all([
        publish(source, url),
        processCpuMs(mediaBinaries().ffmpeg, [
          ...['-nostdin', '-v', 'error', '-re', '-i', source, ...copyToSegments(plainDir)],
        ]),
        listenerCopyCpuMs(source, listenerDir),
      ]);
    });
    const cpuMs = ingest.nodeMs + ingest.ffmpegMs;
    const share = cpuMs / (SECONDS * 1000);
    return [
      `Live ingest: one ${SECONDS} s 1080p30 H.264/AAC publish at 6 Mb/s over RTMP (load ${load} → ${os.loadavg()[0]!.toFixed(2)})`,
      `  ingest process ${cpuMs.toFixed(0)} ms CPU (node ${ingest.nodeMs.toFixed(0)}, its ffmpeg ${ingest.ffmpegMs.toFixed(0)}), ${ingest.segments} segments, ended ${ingest.reason}`,
      `  ÷ ffmpeg -re -c copy of the same FLV file to segments (${plain.toFixed(0)} ms): ${ratio(cpuMs / plain)} (goal ≤ 1.3)`,
      `  ÷ ffmpeg as the RTMP listener copying the same publish to segments (${listener.toFixed(0)} ms): ${ratio(cpuMs / listener)}`,
      `  ${(share * 100).toFixed(1)} % of a core per input: about ${Math.floor(CORES / share)} simultaneous 1080p inputs on ${CORES} cores (CPU only; network and storage not counted)`,
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
