import { open } from 'node:fs/promises';

/**
 * ISO BMFF (mp4) boxes: reading the headers of boxes in a buffer, and writing new ones. Just what
 * the instant packager needs; nothing here decodes media.
 */

/** Where a file's bytes come from: a local file or an object store read by ranges. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

/** A local file as a ByteSource; close it when done. */
export async function openFileSource(path: string): Promise<ByteSource & { close(): Promise<void> }> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, offset + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled === buffer.length ? buffer : buffer.subarray(0, filled);
    },
    close: () => handle.close(),
  };
}

/** A box inside a buffer: its type, where it starts, where its payload starts and where it ends. */
export interface BoxRef {
  type: string;
  start: number;
  payload: number;
  end: number;
}

/** A file that is not the mp4 the packager expects; the reason is for logs, never for people. */
export class Mp4FormatError extends Error {
  override readonly name = 'Mp4FormatError';
}

/**
 * The header of the box at `buffer[at]`: its type, header length and size. `room` is how many
 * bytes the box may span from `at` (a size of 0 means all of them).
 */
function boxHeader(buffer: Buffer, at: number, room: number): { type: string; header: number; size: number } {
  const type = buffer.toString('latin1', at + 4, at + 8);
  const size = buffer.readUInt32BE(at);
  if (size === 0) return { type, header: 8, size: room };
  if (size !== 1) return { type, header: 8, size };
  if (at + 16 > Math.min(buffer.length, at + room)) throw new Mp4FormatError(`box ${type} is cut short`);
  return { type, header: 16, size: Number(buffer.readBigUInt64BE(at + 8)) };
}

/** The boxes laid side by side in `buffer[start, end)`. */
export function childBoxes(buffer: Buffer, start = 0, end = buffer.length): BoxRef[] {
  const boxes: BoxRef[] = [];
  for (let at = start; at + 8 <= end;) {
    const { type, header, size } = boxHeader(buffer, at, end - at);
    if (size < header || at + size > end) throw new Mp4FormatError(`box ${type} overruns its parent`);
    boxes.push({ type, start: at, payload: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

export function findBox(buffer: Buffer, parent: BoxRef | undefined, type: string): BoxRef | undefined {
  return childBoxes(buffer, parent?.payload ?? 0, parent?.end ?? buffer.length).find(
    (box) => box.type === type,
  );
}

export function requireBox(buffer: Buffer, parent: BoxRef, type: string): BoxRef {
  const box = findBox(buffer, parent, type);
  if (!box) throw new Mp4FormatError(`no ${type} in ${parent.type}`);
  return box;
}

/** The top-level boxes of a file, read header by header (the media data itself is never read). */
export async function topLevelBoxes(source: ByteSource, limit = 64): Promise<BoxRef[]> {
  const boxes: BoxRef[] = [];
  for (let at = 0; at + 8 <= source.size && boxes.length < limit;) {
    const { type, header, size } = boxHeader(
      await source.read(at, Math.min(16, source.size - at)),
      0,
      source.size - at,
    );
    if (size < header) throw new Mp4FormatError(`box ${type} has a bad size`);
    boxes.push({ type, start: at, payload: at + header, end: Math.min(at + size, source.size) });
    at += size;
  }
  return boxes;
}

// Writing.

export function box(type: string, ...parts: Buffer[]): Buffer {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, ...parts], size);
}

export function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, head, ...parts);
}

export function uint32s(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => buffer.writeUInt32BE(value >>> 0, i * 4));
  return buffer;
}

/** A box of `buffer` copied as it is. */
export const copyOf = (buffer: Buffer, ref: BoxRef): Buffer =>
  Buffer.from(buffer.subarray(ref.start, ref.end));
