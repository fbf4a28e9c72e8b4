import type AVPacket from './vendor/node-media-server/core/avpacket.js';
import { describe, expect, it } from 'vitest';
import { CodecGate } from './publish-codecs.ts';

const tag = (codec_type: number, dts: number, ...bytes: number[]) =>
  ({ codec_type, dts, pts: dts, size: bytes.length, data: Buffer.from(bytes) }) as AVPacket;
const h264 = (dts: number) => tag(9, dts, 0x17, 0, 0, 0, 0);
const aac = (dts: number) => tag(8, dts, 0xaf, 0);
const refusal = (received: string) => ({
  supported: false,
  message: `The stream must be H.264 video with AAC audio; received ${received}. In OBS: Output → Encoder x264, Audio AAC.`,
});

describe('CodecGate', () => {
  it('accepts H.264 with AAC once both have shown up, handing over every held tag', () => {
    const gate = new CodecGate();
    expect(gate.offer(h264(0))).toBeUndefined();
    expect(gate.offer(aac(0))).toEqual({ supported: true, hasAudio: true });
    expect(gate.takeHeld().map((held) => held[0])).toEqual([9, 8]);
    expect(gate.takeHeld()).toEqual([]);
  });

  it('takes H.264 without audio as video only after a second of stream time', () => {
    const gate = new CodecGate();
    expect(gate.offer(h264(0))).toBeUndefined();
    expect(gate.offer(h264(960))).toBeUndefined();
    expect(gate.offer(h264(1000))).toEqual({ supported: true, hasAudio: false });
  });

  it('names what was received when the codecs are not H.264 and AAC', () => {
    const flv1 = new CodecGate();
    flv1.offer(tag(9, 0, 0x22, 0));
    expect(flv1.offer(aac(0))).toEqual(refusal('Sorenson H.263 video and AAC audio'));

    const mp3 = new CodecGate();
    mp3.offer(h264(0));
    expect(mp3.offer(tag(8, 0, 0x2f, 0))).toEqual(refusal('H.264 video and MP3 audio'));

    const hevc = new CodecGate();
    hevc.offer(tag(9, 0, 0x90, ...Buffer.from('hvc1')));
    expect(hevc.offer(tag(8, 0, 0x90, ...Buffer.from('Opus')))).toEqual(refusal('HEVC video and Opus audio'));

    const audioOnly = new CodecGate();
    audioOnly.offer(aac(0));
    expect(audioOnly.offer(aac(1000))).toEqual(refusal('no video and AAC audio'));
  });

  it('ignores script data', () => {
    const gate = new CodecGate();
    expect(gate.offer(tag(18, 0, 2, 0, 10))).toBeUndefined();
    expect(gate.takeHeld()).toEqual([]);
  });
});
