import type AVPacket from './vendor/node-media-server/core/avpacket.js';
import Flv from './vendor/node-media-server/protocol/flv.js';

const FLV_AUDIO = 8;
const FLV_VIDEO = 9;
const H264 = 'H.264';
const AAC = 'AAC';
/** A stream whose audio has not shown up after this much stream time is taken as video only. */
const AUDIO_WAIT_MS = 1000;
const MAX_HELD_TAGS = 500;

/** FLV video codec ids (the low nibble of a tag's first byte). */
const videoCodecs: Record<number, string> = {
  2: 'Sorenson H.263',
  3: 'Screen Video',
  4: 'VP6',
  5: 'VP6 with alpha',
  6: 'Screen Video 2',
  7: H264,
  12: 'HEVC',
};
/** Enhanced RTMP video FourCCs (`avc1` is H.264, but not in a form ffmpeg reads from FLV). */
const videoFourCcs: Record<string, string> = {
  avc1: 'H.264 (enhanced RTMP)',
  hvc1: 'HEVC',
  av01: 'AV1',
  vp09: 'VP9',
};
/** FLV sound formats (the high nibble of a tag's first byte). */
const audioCodecs: Record<number, string> = {
  0: 'PCM',
  1: 'ADPCM',
  2: 'MP3',
  3: 'PCM',
  4: 'Nellymoser',
  5: 'Nellymoser',
  6: 'Nellymoser',
  7: 'G.711 A-law',
  8: 'G.711 µ-law',
  10: AAC,
  11: 'Speex',
  14: 'MP3',
};
/** Enhanced RTMP audio FourCCs (`mp4a` is AAC, but not in a form ffmpeg reads from FLV). */
const audioFourCcs: Record<string, string> = {
  Opus: 'Opus',
  fLaC: 'FLAC',
  '.mp3': 'MP3',
  'ac-3': 'AC-3',
  'ec-3': 'E-AC-3',
  mp4a: 'AAC (enhanced RTMP)',
};

export type CodecVerdict = { supported: true; hasAudio: boolean } | { supported: false; message: string };

/**
 * Holds a publish's first media tags until the first video and audio tags have shown which codecs
 * the encoder sends (or audio is late enough to take the stream as video only).
 */
export class CodecGate {
  private video: string | undefined;
  private audio: string | undefined;
  private firstTime: number | undefined;
  private held: Buffer[] = [];

  /** Takes an audio or video packet; answers once the codecs are known. */
  offer(packet: AVPacket): CodecVerdict | undefined {
    if (packet.codec_type === FLV_VIDEO) this.video ??= videoCodecName(packet.data);
    else if (packet.codec_type === FLV_AUDIO) this.audio ??= audioCodecName(packet.data);
    else return undefined;
    this.held.push(Flv.createMessage(packet));
    this.firstTime ??= packet.dts;
    const waited = packet.dts - this.firstTime >= AUDIO_WAIT_MS || this.held.length >= MAX_HELD_TAGS;
    if ((this.video === undefined || this.audio === undefined) && !waited) return undefined;
    if (this.video === H264 && (this.audio === undefined || this.audio === AAC))
      return { supported: true, hasAudio: this.audio !== undefined };
    return {
      supported: false,
      message:
        `The stream must be H.264 video with AAC audio; received ${this.video ?? 'no'} video and ` +
        `${this.audio ?? 'no'} audio. In OBS: Output → Encoder x264, Audio AAC.`,
    };
  }

  /** The held tags (FLV tags with their PreviousTagSize), once. */
  takeHeld(): Buffer[] {
    const held = this.held;
    this.held = [];
    return held;
  }
}

function videoCodecName(data: Buffer): string {
  if (data[0]! & 0x80) {
    const fourCc = data.toString('latin1', 1, 5);
    return videoFourCcs[fourCc] ?? `'${fourCc}'`;
  }
  const id = data[0]! & 0x0f;
  return videoCodecs[id] ?? `codec ${id}`;
}

function audioCodecName(data: Buffer): string {
  const format = data[0]! >> 4;
  if (format === 9) {
    const fourCc = data.toString('latin1', 1, 5);
    return audioFourCcs[fourCc] ?? `'${fourCc}'`;
  }
  return audioCodecs[format] ?? `codec ${format}`;
}
