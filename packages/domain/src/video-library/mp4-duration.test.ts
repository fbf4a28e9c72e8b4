import { describe, expect, it } from 'vitest';
import { mp4Duration } from './mp4-duration.ts';

const box = (type: string, payload: Uint8Array) => {
  const out = new Uint8Array(8 + payload.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(payload, 8);
  return out;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
/** mvhd version 0: version+flags, created, modified, timescale, duration (then the rest, zeroed). */
const mvhd0 = (timescale: number, duration: number) => {
  const payload = new Uint8Array(100);
  const view = new DataView(payload.buffer);
  view.setUint32(12, timescale);
  view.setUint32(16, duration);
  return box('mvhd', payload);
};
const mvhd1 = (timescale: number, duration: bigint) => {
  const payload = new Uint8Array(112);
  const view = new DataView(payload.buffer);
  view.setUint8(0, 1);
  view.setUint32(20, timescale);
  view.setBigUint64(24, duration);
  return box('mvhd', payload);
};
const ftyp = box('ftyp', new TextEncoder().encode('isom\0\0\0\0isommp41'));
const reader = (bytes: Uint8Array) => ({
  size: bytes.length,
  read: (offset: number, length: number) => Promise.resolve(bytes.slice(offset, offset + length)),
});

describe('the duration in an mp4 index (moov/mvhd)', () => {
  it('reads it with moov first or after the media, in version 0 and 1', async () => {
    const media = box('mdat', new Uint8Array(5000));
    expect(await mp4Duration(reader(concat(ftyp, box('moov', mvhd0(1000, 12_500)), media)))).toBe(12.5);
    expect(await mp4Duration(reader(concat(ftyp, media, box('moov', mvhd1(90_000, 270_000n)))))).toBe(3);
  });

  it('answers null for a file that is not an mp4, or whose index is missing or cut short', async () => {
    expect(await mp4Duration(reader(new TextEncoder().encode('RIFF....AVI LIST')))).toBeNull();
    expect(await mp4Duration(reader(concat(ftyp, box('mdat', new Uint8Array(10)))))).toBeNull();
    expect(await mp4Duration(reader(concat(ftyp, box('moov', mvhd0(0, 100)))))).toBeNull();
    const whole = concat(ftyp, box('moov', mvhd0(1000, 5000)));
    expect(await mp4Duration(reader(whole.slice(0, whole.length - 60)))).toBeNull();
  });
});
