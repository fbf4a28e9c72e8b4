import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A small H.264/AAC mp4 made with ffmpeg (test pattern and a tone): `seconds` long, 320×180 at
 * 25 fps, fast-start, so the browser can read its duration and take a frame at 1 s. `noisy`
 * makes it 640×360 covered in noise, which does not compress (about 2.5 MB a second), for uploads
 * that must still be on their way when something happens.
 */
export async function makeTestClip(file: string, seconds = 3, { noisy = false } = {}): Promise<void> {
  await run(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${noisy ? '640x360' : '320x180'}:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...(noisy ? ['-vf', 'noise=alls=60:allf=t+u'] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
  ]);
}

/** A noisy clip (see makeTestClip), large for its length. */
export const makeLargeTestClip = (file: string, seconds = 4) => makeTestClip(file, seconds, { noisy: true });

/**
 * An encoder publishing a test pattern and a tone in real time to an RTMP URL (H.264 with a
 * keyframe a second, AAC), as OBS would; stop it with `kill()`.
 */
export function publishTestPattern(url: string, seconds: number): ChildProcess {
  return spawn(
    process.env.FFMPEG_PATH ?? 'ffmpeg',
    [
      ...['-nostdin', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-pix_fmt', 'yuv420p', '-g', '25', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
}
