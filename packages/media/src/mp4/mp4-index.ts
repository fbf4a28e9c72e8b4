import {
  childBoxes,
  copyOf,
  findBox,
  Mp4FormatError,
  requireBox,
  topLevelBoxes,
  type BoxRef,
  type ByteSource,
} from './boxes.ts';

/** Where each sample of a track is and when it plays, from the track's sample tables. */
export interface SampleTable {
  count: number;
  offsets: Float64Array;
  sizes: Uint32Array;
  /** Decode time in the track's timescale. */
  dts: Float64Array;
  durations: Uint32Array;
  /** Composition offsets (presentation = decode + offset). */
  compositionOffsets: Int32Array;
  /** 1 for a sync sample (a keyframe); every sample of an audio track is one. */
  sync: Uint8Array;
  /** Where the last byte of any sample ends. */
  end: number;
}

export interface Mp4Track {
  id: number;
  kind: 'video' | 'audio';
  timescale: number;
  /** RFC 6381 codec string, as HLS's CODECS attribute wants it. */
  codec: string;
  width: number;
  height: number;
  samples: SampleTable;
  /** Boxes copied into the fragmented file's init segment as they are. */
  header: {
    tkhd: Buffer;
    edts: Buffer | undefined;
    mdhd: Buffer;
    hdlr: Buffer;
    mediaHeader: Buffer;
    dinf: Buffer;
    stsd: Buffer;
  };
}

/** An mp4 every browser plays as it is: one H.264 video track and, if any, an AAC audio track. */
export interface Mp4Index {
  size: number;
  mvhd: Buffer;
  video: Mp4Track;
  audio: Mp4Track | undefined;
  durationSeconds: number;
}

/** The index (moov) of a large file is still small; anything bigger is not worth reading at once. */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

/** H.264 profiles that are always 8-bit 4:2:0: baseline, main, extended, high. */
const PLAYABLE_H264_PROFILES = new Set([66, 77, 88, 100]);

/**
 * Reads an mp4's index and answers it when the file plays in browsers exactly as it is stored —
 * one H.264 (8-bit 4:2:0, upright) video track, AAC audio if any, every sample inside the file —
 * else throws Mp4FormatError with the reason. Only the box headers and the index are read.
 */
export async function readMp4Index(source: ByteSource): Promise<Mp4Index> {
  try {
    return await readIndex(source);
  } catch (error) {
    // A box shorter than its fields (a damaged or crafted index) reads past its buffer.
    if (error instanceof RangeError) throw new Mp4FormatError(`damaged index: ${error.message}`);
    throw error;
  }
}

async function readIndex(source: ByteSource): Promise<Mp4Index> {
  const top = await topLevelBoxes(source);
  if (top[0]?.type !== 'ftyp') throw new Mp4FormatError('not an ISO BMFF file');
  if (top.some((ref) => ref.type === 'moof')) throw new Mp4FormatError('already fragmented');
  const moovRef = top.find((ref) => ref.type === 'moov');
  if (!moovRef) throw new Mp4FormatError('no index (moov)');
  if (moovRef.end - moovRef.start > MAX_INDEX_BYTES) throw new Mp4FormatError('index too large');
  const moov = await source.read(moovRef.start, moovRef.end - moovRef.start);
  const root = childBoxes(moov)[0]!;
  if (findBox(moov, root, 'mvex')) throw new Mp4FormatError('already fragmented');
  // A player reads the movie's duration in this timescale: 0 makes it unreadable (ffmpeg takes 1).
  if (movieTimescaleIn(moov, root) === 0) throw new Mp4FormatError('zero movie timescale');

  const tracks = childBoxes(moov, root.payload, root.end)
    .filter((ref) => ref.type === 'trak')
    .map((trak) => readTrack(moov, trak, source.size));
  const videos = tracks.filter((track) => track?.kind === 'video');
  const audios = tracks.filter((track) => track?.kind === 'audio');
  if (videos.length !== 1) throw new Mp4FormatError(`${videos.length} video tracks`);
  const video = videos[0]!;
  // The first audio track plays (the probe warns when there are more); it must be AAC.
  const audio = audios[0];
  if (audio && !audio.codec.startsWith('mp4a.40.')) throw new Mp4FormatError(`audio codec ${audio.codec}`);
  for (const track of [video, audio]) {
    if (track?.samples.count === 0) throw new Mp4FormatError(`track ${track.id} has no samples`);
    if (track && track.samples.end > source.size)
      throw new Mp4FormatError('samples beyond the end of the file');
  }
  return {
    size: source.size,
    mvhd: copyOf(moov, requireBox(moov, root, 'mvhd')),
    video,
    audio,
    durationSeconds: Math.max(trackSeconds(video), audio ? trackSeconds(audio) : 0),
  };
}

/** The timescale of the movie header (mvhd) inside a moov read into `moov`. */
function movieTimescaleIn(moov: Buffer, root: BoxRef): number {
  const mvhd = requireBox(moov, root, 'mvhd');
  return moov.readUInt32BE(mvhd.payload + (moov[mvhd.payload] === 1 ? 20 : 12));
}

/**
 * The movie header's timescale of an ISO BMFF file, or undefined when it has no readable index.
 * The probe asks: at 0, ffmpeg reads the container's duration in seconds of 1 tick (×1000 or so).
 */
export async function movieTimescale(source: ByteSource): Promise<number | undefined> {
  try {
    const moovRef = (await topLevelBoxes(source)).find((ref) => ref.type === 'moov');
    if (!moovRef || moovRef.end - moovRef.start > MAX_INDEX_BYTES) return undefined;
    const moov = await source.read(moovRef.start, moovRef.end - moovRef.start);
    return movieTimescaleIn(moov, childBoxes(moov)[0]!);
  } catch (error) {
    if (error instanceof Mp4FormatError || error instanceof RangeError) return undefined;
    throw error;
  }
}

/** How long a track plays: its last sample's decode time plus that sample's duration. */
export function trackSeconds({ samples, timescale }: Mp4Track): number {
  return (samples.dts[samples.count - 1]! + samples.durations[samples.count - 1]!) / timescale;
}

/** A track, or undefined for a kind the packager leaves out (subtitles, timecodes, hints). */
function readTrack(moov: Buffer, trak: BoxRef, fileSize: number): Mp4Track | undefined {
  const tkhd = requireBox(moov, trak, 'tkhd');
  const mdia = requireBox(moov, trak, 'mdia');
  const mdhd = requireBox(moov, mdia, 'mdhd');
  const hdlr = requireBox(moov, mdia, 'hdlr');
  const handler = moov.toString('latin1', hdlr.payload + 8, hdlr.payload + 12);
  if (handler !== 'vide' && handler !== 'soun') return undefined;
  const kind = handler === 'vide' ? 'video' : 'audio';
  const minf = requireBox(moov, mdia, 'minf');
  const stbl = requireBox(moov, minf, 'stbl');
  const stsd = requireBox(moov, stbl, 'stsd');

  const tkhdVersion = moov[tkhd.payload]!;
  const id = moov.readUInt32BE(tkhd.payload + (tkhdVersion === 1 ? 20 : 12));
  if (kind === 'video' && !uprightMatrix(moov, tkhd.payload + (tkhdVersion === 1 ? 52 : 40)))
    throw new Mp4FormatError('rotated video');
  const mdhdVersion = moov[mdhd.payload]!;
  const timescale = moov.readUInt32BE(mdhd.payload + (mdhdVersion === 1 ? 20 : 12));
  if (timescale === 0) throw new Mp4FormatError('zero timescale');

  const entries = moov.readUInt32BE(stsd.payload + 4);
  if (entries !== 1) throw new Mp4FormatError(`${entries} sample descriptions`);
  const [entry] = childBoxes(moov, stsd.payload + 8, stsd.end);
  if (!entry) throw new Mp4FormatError('no sample description');
  const description = kind === 'video' ? videoDescription(moov, entry) : audioDescription(moov, entry);

  const mediaHeader = findBox(moov, minf, kind === 'video' ? 'vmhd' : 'smhd');
  const dinf = findBox(moov, minf, 'dinf');
  if (!mediaHeader || !dinf) throw new Mp4FormatError('incomplete media information');
  const edts = findBox(moov, trak, 'edts');
  return {
    id,
    kind,
    timescale,
    ...description,
    samples: sampleTable(moov, stbl, kind, fileSize),
    header: {
      tkhd: copyOf(moov, tkhd),
      edts: edts ? copyOf(moov, edts) : undefined,
      mdhd: copyOf(moov, mdhd),
      hdlr: copyOf(moov, hdlr),
      mediaHeader: copyOf(moov, mediaHeader),
      dinf: copyOf(moov, dinf),
      stsd: copyOf(moov, stsd),
    },
  };
}

/** The identity matrix (16.16 and 2.30 fixed point): no rotation, which fragments could not carry to every player. */
function uprightMatrix(buffer: Buffer, at: number): boolean {
  const identity = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
  return identity.every((value, i) => buffer.readInt32BE(at + i * 4) === value);
}

const hex = (value: number) => value.toString(16).padStart(2, '0');

function videoDescription(moov: Buffer, entry: BoxRef) {
  if (entry.type !== 'avc1' && entry.type !== 'avc3') throw new Mp4FormatError(`video codec ${entry.type}`);
  // VisualSampleEntry: 8 bytes of SampleEntry, then 70 bytes before its child boxes.
  const width = moov.readUInt16BE(entry.payload + 24);
  const height = moov.readUInt16BE(entry.payload + 26);
  const avcC = childBoxes(moov, entry.payload + 78, entry.end).find((ref) => ref.type === 'avcC');
  if (!avcC) throw new Mp4FormatError('no avcC');
  const [profile, compatibility, level] = [
    moov[avcC.payload + 1]!,
    moov[avcC.payload + 2]!,
    moov[avcC.payload + 3]!,
  ];
  if (!PLAYABLE_H264_PROFILES.has(profile)) throw new Mp4FormatError(`H.264 profile ${profile}`);
  return { codec: `${entry.type}.${hex(profile)}${hex(compatibility)}${hex(level)}`, width, height };
}

function audioDescription(moov: Buffer, entry: BoxRef) {
  if (entry.type !== 'mp4a') throw new Mp4FormatError(`audio codec ${entry.type}`);
  // AudioSampleEntry: 28 bytes (version 0), 16 more (QuickTime version 1) or 36 more (version 2).
  const version = moov.readUInt16BE(entry.payload + 8);
  const childrenAt = entry.payload + 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
  const children = childBoxes(moov, childrenAt, entry.end);
  const wave = children.find((ref) => ref.type === 'wave');
  const esds =
    children.find((ref) => ref.type === 'esds') ?? (wave ? findBox(moov, wave, 'esds') : undefined);
  if (!esds) throw new Mp4FormatError('no esds');
  return { codec: `mp4a.${audioCodecOf(moov.subarray(esds.payload + 4, esds.end))}`, width: 0, height: 0 };
}

/** From an ES descriptor: "40.<audio object type>" for MPEG-4 audio (AAC), "<object type>" otherwise. */
function audioCodecOf(descriptor: Buffer): string {
  let at = 0;
  const readDescriptor = () => {
    const tag = descriptor[at++];
    let length = 0;
    for (let i = 0; i < 4; i += 1) {
      const byte = descriptor[at++] ?? 0;
      length = (length << 7) | (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    return { tag, start: at, end: at + length };
  };
  const es = readDescriptor();
  if (es.tag !== 0x03) throw new Mp4FormatError('no ES descriptor');
  const flags = descriptor[at + 2] ?? 0;
  at += 3;
  if (flags & 0x80) at += 2;
  if (flags & 0x40) at += 1 + (descriptor[at] ?? 0);
  if (flags & 0x20) at += 2;
  const config = readDescriptor();
  if (config.tag !== 0x04) throw new Mp4FormatError('no decoder configuration');
  const objectType = descriptor[config.start] ?? 0;
  if (objectType !== 0x40) return hex(objectType);
  at = config.start + 13;
  if (at >= config.end) return '40.2';
  const specific = readDescriptor();
  if (specific.tag !== 0x05) return '40.2';
  const first = descriptor[specific.start] ?? 0;
  const objectTypeOfAudio =
    first >> 3 === 31 ? 32 + (((first & 7) << 3) | ((descriptor[specific.start + 1] ?? 0) >> 5)) : first >> 3;
  return `40.${objectTypeOfAudio}`;
}

/** Expands stts, ctts, stss, stsc, stsz and stco/co64 into one entry per sample. */
function sampleTable(moov: Buffer, stbl: BoxRef, kind: 'video' | 'audio', fileSize: number): SampleTable {
  const table = (type: string) => findBox(moov, stbl, type);
  const stsz = table('stsz');
  if (!stsz) throw new Mp4FormatError('no stsz');
  const fixedSize = moov.readUInt32BE(stsz.payload + 4);
  const count = moov.readUInt32BE(stsz.payload + 8);
  if (fixedSize === 0 && stsz.payload + 12 + count * 4 > stsz.end) throw new Mp4FormatError('stsz cut short');
  // Every sample holds at least one byte of the file: a larger count is a lie, not an allocation to try.
  if (count * Math.max(fixedSize, 1) > fileSize)
    throw new Mp4FormatError('more sample bytes than the file holds');
  const sizes = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) sizes[i] = fixedSize || moov.readUInt32BE(stsz.payload + 12 + i * 4);

  const dts = new Float64Array(count);
  const durations = new Uint32Array(count);
  const stts = table('stts');
  if (!stts) throw new Mp4FormatError('no stts');
  let sample = 0;
  let time = 0;
  forEachEntry(moov, stts, 8, (at) => {
    const [runs, delta] = [moov.readUInt32BE(at), moov.readUInt32BE(at + 4)];
    for (let i = 0; i < runs && sample < count; i += 1, sample += 1) {
      dts[sample] = time;
      durations[sample] = delta;
      time += delta;
    }
  });
  if (sample !== count) throw new Mp4FormatError('stts does not cover every sample');

  const compositionOffsets = new Int32Array(count);
  const ctts = table('ctts');
  if (ctts) {
    const signed = moov[ctts.payload] === 1;
    sample = 0;
    forEachEntry(moov, ctts, 8, (at) => {
      const runs = moov.readUInt32BE(at);
      const offset = signed ? moov.readInt32BE(at + 4) : moov.readUInt32BE(at + 4);
      for (let i = 0; i < runs && sample < count; i += 1, sample += 1) compositionOffsets[sample] = offset;
    });
  }

  const sync = new Uint8Array(count);
  const stss = kind === 'video' ? table('stss') : undefined;
  if (stss) {
    forEachEntry(moov, stss, 4, (at) => {
      const number = moov.readUInt32BE(at);
      if (number >= 1 && number <= count) sync[number - 1] = 1;
    });
    if (sync[0] !== 1) throw new Mp4FormatError('the first video sample is not a keyframe');
  } else {
    sync.fill(1);
  }

  const stco = table('stco') ?? table('co64');
  const stsc = table('stsc');
  if (!stco || !stsc) throw new Mp4FormatError('no chunk tables');
  const chunkOffsets: number[] = [];
  forEachEntry(moov, stco, stco.type === 'co64' ? 8 : 4, (at) =>
    chunkOffsets.push(stco.type === 'co64' ? Number(moov.readBigUInt64BE(at)) : moov.readUInt32BE(at)),
  );
  const runs: { firstChunk: number; samplesPerChunk: number }[] = [];
  forEachEntry(moov, stsc, 12, (at) =>
    runs.push({ firstChunk: moov.readUInt32BE(at), samplesPerChunk: moov.readUInt32BE(at + 4) }),
  );
  const offsets = new Float64Array(count);
  let end = 0;
  sample = 0;
  runs.forEach((run, r) => {
    const lastChunk = (runs[r + 1]?.firstChunk ?? chunkOffsets.length + 1) - 1;
    for (let chunk = run.firstChunk; chunk <= lastChunk && sample < count; chunk += 1) {
      let offset = chunkOffsets[chunk - 1];
      if (offset === undefined) throw new Mp4FormatError('stsc names a chunk stco lacks');
      for (let i = 0; i < run.samplesPerChunk && sample < count; i += 1, sample += 1) {
        offsets[sample] = offset;
        offset += sizes[sample]!;
      }
      end = Math.max(end, offset);
    }
  });
  if (sample !== count) throw new Mp4FormatError('the chunk tables do not cover every sample');
  return { count, offsets, sizes, dts, durations, compositionOffsets, sync, end };
}

/** Calls `visit` with the position of each fixed-size entry of a full box with an entry count. */
function forEachEntry(buffer: Buffer, ref: BoxRef, entrySize: number, visit: (at: number) => void): void {
  const entries = buffer.readUInt32BE(ref.payload + 4);
  if (ref.payload + 8 + entries * entrySize > ref.end) throw new Mp4FormatError(`${ref.type} cut short`);
  for (let i = 0; i < entries; i += 1) visit(ref.payload + 8 + i * entrySize);
}
