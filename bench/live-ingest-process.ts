// The RTMP ingest under measurement, alone in a process: `node --import tsx live-ingest-process.ts
// <work dir> <clock ticks per second>` prints `{"port"}` once listening, then for each publish once
// it has ended `{"nodeMs", "ffmpegMs", "segments", "reason"}`: this process's CPU from the publish's
// authorisation to its end, and its ffmpeg's (reaped by then).
import { readFileSync } from 'node:fs';
import { startIngest } from '../apps/server/src/platform/rtmp/ingest.ts';

const [workDir, ticksPerSecond] = process.argv.slice(2);

/** CPU of this process's children that have exited (cutime + cstime of /proc/self/stat), in ms. */
function exitedChildrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Field 16 (cutime) and 17 (cstime) of proc(5); this list starts at field 3.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / Number(ticksPerSecond);
}

const ingest = await startIngest({
  host: '127.0.0.1',
  port: 0,
  workDir: workDir!,
  authorize: () => {
    const nodeStart = process.cpuUsage();
    const childrenStart = exitedChildrenCpuMs();
    let segments = 0;
    return Promise.resolve({
      onSegment: () => {
        segments += 1;
        return Promise.resolve();
      },
      onEnd: (end) => {
        const node = process.cpuUsage(nodeStart);
        const nodeMs = (node.user + node.system) / 1000;
        const ffmpegMs = exitedChildrenCpuMs() - childrenStart;
        console.log(JSON.stringify({ nodeMs, ffmpegMs, segments, reason: end.reason }));
      },
    });
  },
});
console.log(JSON.stringify({ port: ingest.port }));
// The benchmark closes standard input when it has measured what it wanted.
process.stdin.resume().once('end', () => void ingest.close());
