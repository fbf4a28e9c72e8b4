import { mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMediaTool } from '../runner.ts';

function picture(width: number, height: number, seconds = 3): string[] {
  return ['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=30:duration=${seconds}`];
}
function tone(seconds = 3): string[] {
  return ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
}
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '30'];
const aac = ['-c:a', 'aac'];
/** Maps the streams of the first `count` inputs (ffmpeg otherwise keeps one stream of each kind). */
const everyInput = (count: number) =>
  Array.from({ length: count }, (_, input) => ['-map', String(input)]).flat();

/** Small clips made with ffmpeg at test time (testsrc picture, sine tone), broken ones included. */
const recipes = {
  /** 640×360 H.264/AAC mp4: browser-ready, below HD. */
  'h264-aac.mp4': [...picture(640, 360), ...tone(), ...h264, ...aac],
  /** 1280×720 H.264/AAC mp4, index first: nothing to warn about. */
  'hd.mp4': [...picture(1280, 720, 2), ...tone(2), ...h264, ...aac, '-movflags', '+faststart'],
  'no-audio.mp4': [...picture(640, 360), ...h264],
  'two-audio.mp4': [...picture(640, 360), ...tone(), ...tone(), ...everyInput(3), ...h264, ...aac],
  'two-video.mp4': [...picture(640, 360), ...picture(640, 360), ...tone(), ...everyInput(3), ...h264, ...aac],
  /** AAC in an m4a with cover art, which ffprobe lists as a video stream. */
  'audio.m4a': [
    ...tone(),
    '-f',
    'lavfi',
    '-i',
    'color=c=red:size=64x64:d=0.04',
    ...everyInput(2),
    ...aac,
    '-c:v',
    'png',
    '-disposition:v:0',
    'attached_pic',
  ],
  'four-three.mp4': [...picture(480, 360), ...tone(), ...h264, ...aac],
  /** Stored 640×360 with wide pixels: displayed 853×360. */
  'anamorphic.mp4': [...picture(640, 360), ...tone(), '-vf', 'setsar=4/3', ...h264, ...aac],
  /** MPEG-4 part 2 and MP3 in Matroska: not MP4, neither codec supported. */
  'mpeg4-mp3.mkv': [...picture(320, 180), ...tone(), '-c:v', 'mpeg4', '-c:a', 'libmp3lame'],
  /** H.264/AAC in MPEG-TS, whose timestamps start at 1.4 s. */
  'h264-aac.ts': [...picture(640, 360), ...tone(), ...h264, ...aac],
} satisfies Record<string, string[]>;

export type FixtureName =
  | keyof typeof recipes
  | 'rotated.mp4'
  | 'truncated.mp4'
  | 'truncated-index-last.mp4'
  | 'zero-timescale.mp4'
  | 'garbage.bin'
  | 'text.txt';

export const fixtureDir = mkdtempSync(join(tmpdir(), 'media-fixtures-'));
const made = new Map<FixtureName, Promise<string>>();

/** The path of a fixture, generated on first use (once per test file). */
export function fixture(name: FixtureName): Promise<string> {
  let path = made.get(name);
  if (!path) {
    path = make(name);
    made.set(name, path);
  }
  return path;
}

/** Fixtures made from other fixtures, or written by hand, rather than encoded. */
const derived: Record<Exclude<FixtureName, keyof typeof recipes>, (path: string) => Promise<unknown>> = {
  /** Recorded sideways, as a phone held upright stores it: a player turns it by 90°. */
  'rotated.mp4': async (path) =>
    runMediaTool('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-i', await fixture('h264-aac.mp4')],
      ...['-c', 'copy', '-metadata:s:v:0', 'rotate=90', path],
    ]),
  // Index first, then cut: readable, but packets are missing.
  'truncated.mp4': async (path) =>
    writeFile(path, (await readFile(await fixture('hd.mp4'))).subarray(0, 40_000)),
  // The index (moov) was at the end and is gone: nothing to read.
  'truncated-index-last.mp4': async (path) =>
    writeFile(path, (await readFile(await fixture('h264-aac.mp4'))).subarray(0, 40_000)),
  // The movie header's timescale zeroed: ffmpeg reads its duration as 1000× too long.
  'zero-timescale.mp4': async (path) => {
    const whole = await readFile(await fixture('hd.mp4'));
    const mvhd = whole.indexOf('mvhd', 0, 'latin1');
    whole.writeUInt32BE(0, mvhd + 4 + (whole[mvhd + 4] === 1 ? 20 : 12));
    await writeFile(path, whole);
  },
  'garbage.bin': (path) =>
    writeFile(path, Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251))),
  'text.txt': (path) => writeFile(path, 'This is a text file, not a video.\n'),
};

function isEncoded(name: FixtureName): name is keyof typeof recipes {
  return name in recipes;
}

async function make(name: FixtureName): Promise<string> {
  const path = join(fixtureDir, name);
  if (isEncoded(name)) await runMediaTool('ffmpeg', ['-nostdin', '-v', 'error', ...recipes[name], path]);
  else await derived[name](path);
  return path;
}

export async function removeFixtures(): Promise<void> {
  await rm(fixtureDir, { recursive: true, force: true });
}
