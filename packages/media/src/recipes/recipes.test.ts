import { describe, expect, it } from 'vitest';
import type { MediaFacts, MediaSource, StreamFacts } from '../facts.ts';
import { selectLadder } from '../ladder.ts';
import { hlsLadderArgs, hlsRemuxArgs, lowRenditionArgs } from './hls.ts';
import { mp4FaststartArgs } from './mp4-faststart.ts';
import { thumbnailArgs } from './thumbnail.ts';

const cover: StreamFacts = {
  index: 0,
  kind: 'video',
  codec: 'png',
  attachedPicture: true,
  width: 64,
  height: 64,
};
const video: StreamFacts = {
  index: 1,
  kind: 'video',
  codec: 'h264',
  attachedPicture: false,
  width: 1280,
  height: 720,
};
const audio: StreamFacts = { index: 2, kind: 'audio', codec: 'aac', attachedPicture: false };

function source(streams: StreamFacts[], change: Partial<MediaFacts> = {}): MediaSource {
  return {
    path: '/uploads/video',
    facts: { formatNames: ['mov', 'mp4', 'm4a'], durationSeconds: 30, streams, problems: [], ...change },
  };
}
const withAudio = source([cover, video, audio]);
const silent = source([video]);
const ladder = selectLadder(video);

const hardenedInput = [
  ...['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', 'file'],
  ...['-f', 'mov', '-i', 'file:/uploads/video'],
];
const hlsOutput = (variants: string) => [
  ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod'],
  ...['-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts'],
  ...['-master_pl_name', 'master.m3u8', '-var_stream_map', variants],
  ...['-hls_segment_filename', '/out/%v/segment-%05d.ts', '/out/%v/index.m3u8'],
];
const x264 = (preset: string) => [
  ...['-c:v', 'libx264', '-preset', preset, '-pix_fmt', 'yuv420p'],
  ...['-force_key_frames', 'expr:gte(t,n_forced*4)', '-sc_threshold', '0'],
];
const aac = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];

describe('hlsRemuxArgs', () => {
  it('copies the played streams, never the cover art, behind a hardened, pinned input', () => {
    expect(hlsRemuxArgs(withAudio, '/out')).toEqual([
      ...hardenedInput,
      ...['-map', '0:1', '-map', '0:2', '-c', 'copy'],
      ...hlsOutput('v:0,a:0,name:source'),
    ]);
  });

  it('leaves audio out of the variant when there is none', () => {
    expect(hlsRemuxArgs(silent, '/out')).toEqual([
      ...hardenedInput,
      ...['-map', '0:1', '-c', 'copy'],
      ...hlsOutput('v:0,name:source'),
    ]);
  });

  it('pins the demuxer the probe found', () => {
    const mkv = source([video], { formatNames: ['matroska', 'webm'] });
    expect(hlsRemuxArgs(mkv, '/out').slice(6, 10)).toEqual(['-f', 'matroska', '-i', 'file:/uploads/video']);
  });
});

describe('hlsLadderArgs', () => {
  it('decodes once and encodes every rendition with aligned keyframes', () => {
    expect(hlsLadderArgs(withAudio, '/out', ladder)).toEqual([
      ...hardenedInput,
      '-filter_complex',
      '[0:1]split=2[s0][s1];[s0]scale=640:360,setsar=1[v0];[s1]scale=1280:720,setsar=1[v1]',
      ...['-map', '[v0]', '-map', '0:2', '-map', '[v1]', '-map', '0:2'],
      ...x264('veryfast'),
      ...['-b:v:0', '800k', '-maxrate:v:0', '856k', '-bufsize:v:0', '1200k'],
      ...['-b:v:1', '2800k', '-maxrate:v:1', '2996k', '-bufsize:v:1', '4200k'],
      ...aac,
      ...hlsOutput('v:0,a:0,name:360p v:1,a:1,name:720p'),
    ]);
  });

  it('gives each rendition its own preset when asked: a faster one for the lower rungs', () => {
    const args = hlsLadderArgs(withAudio, '/out', ladder, ['ultrafast', 'superfast']);
    expect(args.slice(args.indexOf('-preset'), args.indexOf('-preset') + 2)).toEqual([
      '-preset',
      'ultrafast',
    ]);
    expect(args.slice(args.indexOf('-preset:v:1'), args.indexOf('-preset:v:1') + 2)).toEqual([
      '-preset:v:1',
      'superfast',
    ]);
    expect(args.filter((arg) => arg.startsWith('-preset'))).toHaveLength(2);
    expect(() => hlsLadderArgs(withAudio, '/out', ladder, ['ultrafast'])).toThrow(
      /One x264 preset per rendition/,
    );
  });

  it('makes video-only variants for a silent video', () => {
    const args = hlsLadderArgs(silent, '/out', ladder);
    expect(args).not.toContain('-c:a');
    expect(args.filter((arg) => arg === '-map')).toHaveLength(2);
    expect(args).toContain('v:0,name:360p v:1,name:720p');
  });

  it('refuses an audio file', () => {
    expect(() => hlsLadderArgs(source([audio]), '/out', ladder)).toThrow(/video stream/);
  });
});

describe('lowRenditionArgs', () => {
  it('encodes only the lowest rung, ultrafast', () => {
    const args = lowRenditionArgs(withAudio, '/out', ladder);
    expect(args).toEqual(hlsLadderArgs(withAudio, '/out', [ladder[0]!], 'ultrafast'));
    expect(args).toContain('[0:1]split=1[s0];[s0]scale=640:360,setsar=1[v0]');
    expect(args.slice(args.indexOf('-preset'), args.indexOf('-preset') + 2)).toEqual([
      '-preset',
      'ultrafast',
    ]);
  });
});

describe('mp4FaststartArgs', () => {
  it('copies a browser-ready file with its index first', () => {
    expect(mp4FaststartArgs(withAudio, '/out/video.mp4', 'copy')).toEqual([
      ...hardenedInput,
      ...['-map', '0:1', '-map', '0:2', '-c', 'copy'],
      ...['-movflags', '+faststart', '-f', 'mp4', '/out/video.mp4'],
    ]);
  });

  it('encodes anything else to H.264/AAC at the top rendition', () => {
    expect(mp4FaststartArgs(withAudio, '/out/video.mp4', 'encode')).toEqual([
      ...hardenedInput,
      ...['-map', '0:1', '-map', '0:2'],
      ...['-vf', 'scale=1280:720,setsar=1', ...x264('veryfast')],
      ...['-b:v', '2800k', '-maxrate:v', '2996k', '-bufsize:v', '4200k'],
      ...aac,
      ...['-movflags', '+faststart', '-f', 'mp4', '/out/video.mp4'],
    ]);
  });

  it('encodes only the audio of an audio file', () => {
    expect(mp4FaststartArgs(source([audio]), '/out/audio.mp4', 'encode')).toEqual([
      ...hardenedInput,
      ...['-map', '0:2', ...aac],
      ...['-movflags', '+faststart', '-f', 'mp4', '/out/audio.mp4'],
    ]);
  });
});

describe('thumbnailArgs', () => {
  it('takes one JPEG frame at 1 s, seeking before opening the input', () => {
    expect(thumbnailArgs(withAudio, '/out/thumbnail.jpg')).toEqual([
      ...['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', 'file', '-ss', '1.000'],
      ...['-f', 'mov', '-i', 'file:/uploads/video'],
      ...['-map', '0:1', '-frames:v', '1', '-vf', 'scale=1280:720,setsar=1'],
      ...['-c:v', 'mjpeg', '-q:v', '4', '-f', 'mjpeg', '/out/thumbnail.jpg'],
    ]);
  });

  it('takes the middle frame of a video shorter than 2 s', () => {
    const short = source([video], { durationSeconds: 0.8 });
    expect(thumbnailArgs(short, '/out/t.jpg')).toContain('0.400');
  });

  it('keeps a 1080p thumbnail at 720 lines', () => {
    const full = source([{ ...video, width: 1920, height: 1080 }]);
    expect(thumbnailArgs(full, '/out/t.jpg')).toContain('scale=1280:720,setsar=1');
  });
});
