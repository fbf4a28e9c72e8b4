import type { FileKind } from '@studio/domain';

/**
 * What a file is by its bytes, whatever its name says, and where its own format says it ends.
 * Bytes after that end are how polyglots are made (a PNG that is also an HTML page, a GIF that is
 * also a JAR): a file whose format ends before its last byte is refused.
 */
export type Sniffed = FileKind | 'svg' | 'unknown';

export function sniff(bytes: Buffer): Sniffed {
  const head = (start: number, end: number) => bytes.toString('latin1', start, end);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head(0, 4) === 'RIFF' && head(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && bytes.readUInt32BE(0) === 0x00000100 && bytes.readUInt16LE(4) > 0) return 'ico';
  if (head(0, 4) === 'wOFF') return 'woff';
  if (head(0, 4) === 'wOF2') return 'woff2';
  if (head(0, 4) === 'OTTO') return 'otf';
  if (head(0, 5) === '%PDF-') return 'pdf';
  if (bytes.length >= 4 && (bytes.readUInt32BE(0) === 0x00010000 || head(0, 4) === 'true')) return 'ttf';
  if (looksLikeMarkup(bytes)) return 'svg';
  return 'unknown';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Text that opens with markup holding an <svg element (UTF-8 or UTF-16), or gzip (svgz). */
function looksLikeMarkup(bytes: Buffer): boolean {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return true;
  const text = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/\0/g, '')
    .replace(/^\uFEFF|^\uFFFD+/, '');
  return /^\s*</.test(text) && /<svg[\s>:/]/i.test(text);
}

/** The length the format itself declares, or null when the structure is broken. */
export function formatLength(bytes: Buffer, kind: FileKind): number | null {
  try {
    switch (kind) {
      case 'png':
        return pngLength(bytes);
      case 'jpeg':
        return jpegLength(bytes);
      case 'webp':
        return bytes.readUInt32LE(4) + 8 + (bytes.readUInt32LE(4) % 2);
      case 'woff':
      case 'woff2':
        return bytes.readUInt32BE(8);
      case 'ico':
        return icoLength(bytes);
      case 'ttf':
      case 'otf':
        return sfntLength(bytes);
      case 'pdf':
        return pdfLength(bytes);
    }
  } catch {
    return null;
  }
}

/** A PDF ends at its last `%%EOF` marker and the line end after it (incremental updates add more). */
function pdfLength(bytes: Buffer): number {
  const marker = bytes.lastIndexOf('%%EOF', undefined, 'latin1');
  if (marker < 0) throw new RangeError('no end of file marker');
  let at = marker + 5;
  if (bytes[at] === 0x0d) at += 1;
  if (bytes[at] === 0x0a) at += 1;
  return at;
}

function pngLength(bytes: Buffer): number {
  let at = 8;
  for (;;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at;
    if (at > bytes.length) throw new RangeError('chunk past the end');
  }
}

/** Marker segments up to each scan, the scan's entropy-coded data up to its next marker, until EOI. */
function jpegLength(bytes: Buffer): number {
  let at = 2;
  for (;;) {
    if (bytes[at] !== 0xff) throw new RangeError('marker expected');
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
    if (marker !== 0xda) continue;
    // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker inside it.
    while (at < bytes.length) {
      if (bytes[at] === 0xff) {
        const next = bytes[at + 1];
        if (next !== 0x00 && !(next !== undefined && next >= 0xd0 && next <= 0xd7)) break;
        at += 2;
      } else at += 1;
    }
    if (at >= bytes.length) throw new RangeError('no end of image');
  }
}

function icoLength(bytes: Buffer): number {
  let end = 6 + 16 * bytes.readUInt16LE(4);
  for (let entry = 0; entry < bytes.readUInt16LE(4); entry += 1) {
    const at = 6 + 16 * entry;
    end = Math.max(end, bytes.readUInt32LE(at + 12) + bytes.readUInt32LE(at + 8));
  }
  return end;
}

/** TrueType/OpenType: the table directory; tables are padded to 4 bytes. */
function sfntLength(bytes: Buffer): number {
  const tables = bytes.readUInt16BE(4);
  let end = 12 + 16 * tables;
  for (let table = 0; table < tables; table += 1) {
    const at = 12 + 16 * table;
    end = Math.max(end, bytes.readUInt32BE(at + 8) + bytes.readUInt32BE(at + 12));
  }
  return end + ((4 - (end % 4)) % 4);
}

/** The largest size of an ICO's pictures (a 0 byte means 256). */
export function icoSize(bytes: Buffer): { width: number; height: number } {
  let width = 0;
  let height = 0;
  for (let entry = 0; entry < bytes.readUInt16LE(4); entry += 1) {
    width = Math.max(width, bytes[6 + 16 * entry]! || 256);
    height = Math.max(height, bytes[7 + 16 * entry]! || 256);
  }
  return { width, height };
}
