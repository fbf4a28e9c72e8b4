/**
 * The duration an mp4 declares in its index (moov → mvhd), read by ranges so that neither the
 * media nor the whole file is loaded: the browser's fallback when it cannot decode a video
 * (MPEG-4 Part 2, for example) that the server can still process. No decoding here.
 */

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export interface RangeReader {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** An index larger than this is not read (a real moov is far smaller). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

interface BoxHeader {
  type: string;
  header: number;
  size: number;
}

function boxHeader(bytes: Uint8Array, at: number, room: number): BoxHeader | null {
  if (at + 8 > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  const size = view.getUint32(at);
  if (size === 0) return { type, header: 8, size: room };
  if (size !== 1) return size >= 8 ? { type, header: 8, size } : null;
  if (at + 16 > bytes.length) return null;
  const large = Number(view.getBigUint64(at + 8));
  return large >= 16 ? { type, header: 16, size: large } : null;
}

/** The seconds mvhd declares (version 0 or 1), or null. */
function mvhdSeconds(bytes: Uint8Array, payload: number, end: number): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = bytes[payload];
  const need = version === 1 ? 32 : 20;
  if (payload + need > end) return null;
  const timescale = view.getUint32(payload + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(view.getBigUint64(payload + 24)) : view.getUint32(payload + 16);
  if (timescale === 0) return null;
  const seconds = duration / timescale;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The duration in seconds, or null when the file is not an mp4 or its index cannot be read. */
export async function mp4Duration(file: RangeReader): Promise<number | null> {
  let offset = 0;
  let first = true;
  while (offset + 8 <= file.size) {
    const head = await file.read(offset, 16);
    const box = boxHeader(head, 0, file.size - offset);
    if (!box || offset + box.size > file.size) return null;
    // An mp4 starts with ftyp (a few old files start with their media or index).
    if (first && !['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide'].includes(box.type)) return null;
    first = false;
    if (box.type === 'moov') {
      if (box.size > MAX_MOOV_BYTES) return null;
      const moov = await file.read(offset, box.size);
      if (moov.length < box.size) return null;
      let at = box.header;
      while (at + 8 <= moov.length) {
        const child = boxHeader(moov, at, moov.length - at);
        if (!child || at + child.size > moov.length) return null;
        if (child.type === 'mvhd') return mvhdSeconds(moov, at + child.header, at + child.size);
        at += child.size;
      }
      return null;
    }
    offset += box.size;
  }
  return null;
}
