import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HLS_MASTER_PLAYLIST } from './recipes/hls.ts';
import { mp4ToHlsArgs, stillImageMp4Args } from './recipes/still-image.ts';
import { runMediaTool } from './runner.ts';
import { encodeStillImage, mp4ToHls } from './steps.ts';

const quiet = ['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', 'file'];

describe('stillImageMp4Args', () => {
  it('loops the pinned image demuxer into 1920×1080 H.264 with keyframes on segment boundaries', () => {
    expect(stillImageMp4Args('/work/slide.png', '/out/filler.mp4', 6)).toEqual([
      ...quiet,
      ...['-f', 'image2', '-pattern_type', 'none', '-loop', '1', '-framerate', '25'],
      ...['-i', 'file:/work/slide.png'],
      ...['-t', '6', '-an', '-vf', 'scale=1920:1080,setsar=1'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-force_key_frames', 'expr:gte(t,n_forced*4)', '-sc_threshold', '0'],
      ...['-tune', 'stillimage', '-movflags', '+faststart', '-f', 'mp4', '/out/filler.mp4'],
    ]);
  });

  it('lasts 8 seconds unless told', () => {
    const args = stillImageMp4Args('/a.jpg', '/b.mp4');
    expect(args[args.indexOf('-t') + 1]).toBe('8');
  });
});

describe('mp4ToHlsArgs', () => {
  it('copies the video into one HLS variant', () => {
    expect(mp4ToHlsArgs('/out/filler.mp4', '/out/hls')).toEqual([
      ...quiet,
      ...['-f', 'mp4', '-i', 'file:/out/filler.mp4', '-map', '0:v:0', '-c', 'copy'],
      ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod'],
      ...['-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts'],
      ...['-master_pl_name', 'master.m3u8', '-var_stream_map', 'v:0,name:source'],
      ...['-hls_segment_filename', '/out/hls/%v/segment-%05d.ts', '/out/hls/%v/index.m3u8'],
    ]);
  });
});

describe('a real still-image encode', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'still-image-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('turns a 1280×720 PNG into a 1920×1080 mp4 and HLS of the asked length', async () => {
    const image = join(dir, 'slide.png');
    await runMediaTool('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x3366cc:s=1280x720', '-frames:v', '1', image],
    ]);
    const mp4 = join(dir, 'filler.mp4');
    await encodeStillImage(image, mp4, { seconds: 5 });
    await mp4ToHls(mp4, join(dir, 'hls'));
    for (const path of [mp4, join(dir, 'hls', HLS_MASTER_PLAYLIST)]) {
      const { stdout } = await runMediaTool('ffprobe', [
        ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width,height'],
        ...['-of', 'json', path],
      ]);
      const probed = JSON.parse(stdout) as { format: { duration: string }; streams: unknown[] };
      expect(probed.streams).toEqual([{ codec_name: 'h264', width: 1920, height: 1080 }]);
      expect(Number(probed.format.duration)).toBeCloseTo(5, 0);
    }
    expect(await readdir(join(dir, 'hls', 'source'))).toEqual(
      expect.arrayContaining(['index.m3u8', 'segment-00000.ts', 'segment-00001.ts']),
    );
    expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/^\.partial-/));
  });
});
