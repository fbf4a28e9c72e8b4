/** What a file is by its first bytes, whatever its name says. */
export type SniffedContent = 'mp4' | 'quicktime' | 'jpeg' | 'png' | 'webp' | 'gif' | 'svg' | 'unknown';

/** Bytes enough to decide (an SVG may open with an XML declaration, comments and a doctype). */
export const SNIFF_BYTES = 4096;

export function sniffContent(head: Buffer): SniffedContent {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    return head.toString('latin1', 8, 12) === 'qt  ' ? 'quicktime' : 'mp4';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.toString('latin1', 0, 6))) return 'gif';
  if (looksLikeSvg(head)) return 'svg';
  return 'unknown';
}

/** Text (UTF-8 or UTF-16, BOM or not) whose markup holds an <svg element, or gzip (svgz). */
function looksLikeSvg(head: Buffer): boolean {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return true;
  const utf16 =
    head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  const text = (
    utf16 ? head.toString('utf16le').replace(/\0/g, '') : head.toString('utf8').replace(/\0/g, '')
  ).replace(/^\uFEFF/, '');
  return /^\s*</.test(text) && /<svg[\s>:/]/i.test(text);
}

/** Spec 000 §5: the library accepts MP4 only — by content (an ISO `ftyp` box), not QuickTime. */
export const isLibraryVideo = (content: SniffedContent) => content === 'mp4';

export const isAcceptedImage = (content: SniffedContent) =>
  content === 'jpeg' || content === 'png' || content === 'webp' || content === 'gif';

/** tus `Upload-Metadata`: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}
