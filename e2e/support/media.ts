import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A small H.264/AAC mp4 made with ffmpeg (test pattern and a tone): `seconds` long, 320×180 at
 * 25 fps, fast-start, so the browser can read its duration and take a frame at 1 s.
 */
export async function makeTestClip(file: string, seconds = 3): Promise<void> {
  await run(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x180:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '25',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    file,
  ]);
}
