import { box, fullBox, uint32s, type ByteSource } from './boxes.ts';
import type { Mp4Index, Mp4Track } from './mp4-index.ts';

/** One HLS segment: a run of whole GOPs of the video and the audio that plays alongside. */
export interface FragmentSpan {
  /** Seconds from the start (video decode time). */
  start: number;
  duration: number;
  video: SampleRange;
  audio: SampleRange;
  bytes: number;
}

/** Samples [from, to) of a track. */
export interface SampleRange {
  from: number;
  to: number;
}

/**
 * Cuts the file into segments at the first keyframe at or after every `targetSeconds` of video:
 * each segment starts with a keyframe, so each decodes on its own. Audio goes with the segment
 * during whose video it is decoded.
 */
export function planFragments(index: Mp4Index, targetSeconds: number): FragmentSpan[] {
  const { video, audio } = index;
  const v = video.samples;
  const cuts: number[] = [0];
  for (let i = 1; i < v.count; i += 1) {
    if (v.sync[i] && (v.dts[i]! - v.dts[cuts.at(-1)!]!) / video.timescale >= targetSeconds - 1e-6)
      cuts.push(i);
  }
  const spans: FragmentSpan[] = [];
  let audioAt = 0;
  cuts.forEach((from, n) => {
    const to = cuts[n + 1] ?? v.count;
    const start = v.dts[from]! / video.timescale;
    const end = to < v.count ? v.dts[to]! / video.timescale : index.durationSeconds;
    let audioTo = audioAt;
    if (audio) {
      const a = audio.samples;
      if (to === v.count) audioTo = a.count;
      else while (audioTo < a.count && a.dts[audioTo]! / audio.timescale < end) audioTo += 1;
    }
    const audioRange = { from: audioAt, to: audioTo };
    spans.push({
      start,
      duration: end - start,
      video: { from, to },
      audio: audioRange,
      bytes: bytesOf(video, { from, to }) + (audio ? bytesOf(audio, audioRange) : 0),
    });
    audioAt = audioTo;
  });
  return spans;
}

function bytesOf(track: Mp4Track, range: SampleRange): number {
  let total = 0;
  for (let i = range.from; i < range.to; i += 1) total += track.samples.sizes[i]!;
  return total;
}

/** The init segment (ftyp + moov with empty sample tables and mvex) of the fragmented file. */
export function initSegment(index: Mp4Index): Buffer {
  const tracks = [index.video, index.audio].filter((track): track is Mp4Track => track !== undefined);
  const emptyTables = [
    fullBox('stts', 0, 0, uint32s(0)),
    fullBox('stsc', 0, 0, uint32s(0)),
    fullBox('stsz', 0, 0, uint32s(0, 0)),
    fullBox('stco', 0, 0, uint32s(0)),
  ];
  const traks = tracks.map(({ header }) =>
    box(
      'trak',
      header.tkhd,
      ...(header.edts ? [header.edts] : []),
      box(
        'mdia',
        header.mdhd,
        header.hdlr,
        box('minf', header.mediaHeader, header.dinf, box('stbl', header.stsd, ...emptyTables)),
      ),
    ),
  );
  const trex = tracks.map((track) => fullBox('trex', 0, 0, uint32s(track.id, 1, 0, 0, 0)));
  const ftyp = box('ftyp', Buffer.from('iso6', 'latin1'), uint32s(0), Buffer.from('iso6isommp41', 'latin1'));
  return Buffer.concat([ftyp, box('moov', index.mvhd, ...traks, box('mvex', ...trex))]);
}

const SYNC_SAMPLE = 0x02000000;
const NON_SYNC_SAMPLE = 0x01010000;
/** Reads closer together than this are made one read. */
const READ_GAP_BYTES = 256 * 1024;

/**
 * One media segment (moof + mdat) of the fragmented file: the samples of `span` read from the
 * original file and laid out video first, then audio. The samples are not touched.
 */
export async function mediaSegment(
  index: Mp4Index,
  span: FragmentSpan,
  sequence: number,
  source: ByteSource,
): Promise<Buffer> {
  const parts = [
    { track: index.video, range: span.video },
    ...(index.audio ? [{ track: index.audio, range: span.audio }] : []),
  ].filter((part) => part.range.to > part.range.from);
  const moofWith = (dataOffsets: number[]) =>
    box(
      'moof',
      fullBox('mfhd', 0, 0, uint32s(sequence)),
      ...parts.map((part, i) => trackFragment(part.track, part.range, dataOffsets[i] ?? 0)),
    );
  const sizes = parts.map((part) => bytesOf(part.track, part.range));
  const moofSize = moofWith([]).length;
  const dataOffsets = sizes.map(
    (_, i) => moofSize + 8 + sizes.slice(0, i).reduce((sum, size) => sum + size, 0),
  );
  const moof = moofWith(dataOffsets);
  const mdat = Buffer.alloc(8 + sizes.reduce((sum, size) => sum + size, 0));
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  await copySamples(
    parts,
    dataOffsets.map((offset) => offset - moofSize),
    mdat,
    source,
  );
  return Buffer.concat([moof, mdat]);
}

function trackFragment(track: Mp4Track, range: SampleRange, dataOffset: number): Buffer {
  const s = track.samples;
  const count = range.to - range.from;
  const signed = s.compositionOffsets.subarray(range.from, range.to).some((offset) => offset < 0);
  const withOffsets = track.kind === 'video';
  // data offset, then per sample: duration, size, flags (and composition offset for video).
  const flags = 0x000001 | 0x000100 | 0x000200 | 0x000400 | (withOffsets ? 0x000800 : 0);
  const perSample = withOffsets ? 16 : 12;
  const body = Buffer.alloc(8 + count * perSample);
  body.writeUInt32BE(count, 0);
  body.writeInt32BE(dataOffset, 4);
  for (let i = 0; i < count; i += 1) {
    const n = range.from + i;
    const at = 8 + i * perSample;
    body.writeUInt32BE(s.durations[n]!, at);
    body.writeUInt32BE(s.sizes[n]!, at + 4);
    body.writeUInt32BE(s.sync[n] ? SYNC_SAMPLE : NON_SYNC_SAMPLE, at + 8);
    if (withOffsets) body.writeInt32BE(s.compositionOffsets[n]!, at + 12);
  }
  const decodeTime = Buffer.alloc(8);
  decodeTime.writeBigUInt64BE(BigInt(s.dts[range.from]!));
  return box(
    'traf',
    // default-base-is-moof: data offsets count from the start of this moof.
    fullBox('tfhd', 0, 0x020000, uint32s(track.id)),
    fullBox('tfdt', 1, 0, decodeTime),
    fullBox('trun', signed ? 1 : 0, flags, body),
  );
}

/** Copies each part's samples into `mdat` at its offset, reading runs of nearby samples at once. */
async function copySamples(
  parts: { track: Mp4Track; range: SampleRange }[],
  partOffsets: number[],
  mdat: Buffer,
  source: ByteSource,
): Promise<void> {
  const copies: { from: number; size: number; to: number }[] = [];
  parts.forEach((part, p) => {
    let to = partOffsets[p]!;
    for (let n = part.range.from; n < part.range.to; n += 1) {
      const size = part.track.samples.sizes[n]!;
      copies.push({ from: part.track.samples.offsets[n]!, size, to });
      to += size;
    }
  });
  copies.sort((a, b) => a.from - b.from);
  for (let first = 0; first < copies.length;) {
    let last = first;
    let end = copies[first]!.from + copies[first]!.size;
    while (last + 1 < copies.length && copies[last + 1]!.from - end <= READ_GAP_BYTES) {
      last += 1;
      end = Math.max(end, copies[last]!.from + copies[last]!.size);
    }
    const start = copies[first]!.from;
    const bytes = await source.read(start, end - start);
    for (let i = first; i <= last; i += 1) {
      const copy = copies[i]!;
      bytes.copy(mdat, copy.to, copy.from - start, copy.from - start + copy.size);
    }
    first = last + 1;
  }
}
