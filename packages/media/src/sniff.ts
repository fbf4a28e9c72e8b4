import { open } from 'node:fs/promises';

/** Bytes read at each end of a file when sniffing: an mp4's index (moov) is at one end or the other. */
const SNIFF_BYTES = 128 * 1024;

/**
 * A guess, from the bytes alone and without starting ffprobe, that a file is an ISO BMFF (mp4)
 * file carrying H.264 and AAC — one worth remuxing before the probe has answered. Only ever a
 * hint for starting work early: the probe's facts decide whether that work is kept.
 */
export async function looksLikeH264AacMp4(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await file.read(head, 0, head.length, 0);
    if (head.length < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return false;
    let index = head;
    if (!head.includes('moov', 0, 'latin1') && size > head.length) {
      const tail = Buffer.alloc(Math.min(SNIFF_BYTES, size - head.length));
      await file.read(tail, 0, tail.length, size - tail.length);
      index = tail;
    }
    return (index.includes('avc1', 0, 'latin1') || index.includes('avc3', 0, 'latin1')) && index.includes('mp4a', 0, 'latin1');
  } finally {
    await file.close();
  }
}
