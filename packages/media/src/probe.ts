import { resolve } from 'node:path';
import { z } from 'zod';
import type { MediaFacts, StreamFacts, StreamKind } from './facts.ts';
import { openFileSource } from './mp4/boxes.ts';
import { movieTimescale } from './mp4/mp4-index.ts';
import { runMediaTool, type RunOptions } from './runner.ts';

/**
 * The demuxers a probe may pick. Playlist and indirection formats (hls, concat, dash, image
 * sequences...) are left out, so a crafted file cannot make ffmpeg open other files or URLs.
 */
export const ALLOWED_DEMUXERS = [
  'mov',
  'mp4',
  'm4a',
  'matroska',
  'webm',
  'avi',
  'mpegts',
  'mpeg',
  'flv',
  'asf',
  'ogg',
  'mp3',
  'aac',
  'ac3',
  'wav',
  'flac',
] as const;

/** Only the local file protocol: no network, no pipes, no `concat:` or `subfile,` tricks. */
export const PROTOCOL_WHITELIST = 'file';

function probeArgs(path: string): string[] {
  return [
    ...['-v', 'error', '-hide_banner'],
    ...['-protocol_whitelist', PROTOCOL_WHITELIST, '-format_whitelist', ALLOWED_DEMUXERS.join(',')],
    // Reads every packet (no decoding) so a truncated or damaged file shows up in the facts.
    '-count_packets',
    ...['-show_format', '-show_streams', '-of', 'json'],
    `file:${resolve(path)}`,
  ];
}

/** Probes a file; rejects with MediaToolError when ffprobe cannot read it as media at all. */
export async function probeMedia(
  path: string,
  options: Pick<RunOptions, 'signal'> = {},
): Promise<MediaFacts> {
  const { stdout, stderrTail } = await runMediaTool('ffprobe', probeArgs(path), options);
  const problems = stderrTail
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const facts = parseProbeOutput(stdout, problems);
  if (facts.formatNames.includes('mov') && (await movieTimescaleOf(path)) === 0)
    return withoutContainerDuration(facts, 'The movie header (mvhd) has a timescale of 0.');
  return facts;
}

async function movieTimescaleOf(path: string): Promise<number | undefined> {
  const source = await openFileSource(path);
  try {
    return await movieTimescale(source);
  } finally {
    await source.close();
  }
}

/**
 * The container's duration cannot be read (ffmpeg takes a timescale of 0 as 1 and answers a
 * duration ~1000× too long): the longest stream's own duration stands for it, none when no stream
 * has one. The file is reported as damaged.
 */
export function withoutContainerDuration(facts: MediaFacts, problem: string): MediaFacts {
  const { durationSeconds: _unreadable, ...rest } = facts;
  const streamSeconds = facts.streams
    .filter((stream) => !stream.attachedPicture)
    .flatMap((stream) => (stream.durationSeconds === undefined ? [] : [stream.durationSeconds]));
  return {
    ...rest,
    ...(streamSeconds.length > 0 ? { durationSeconds: Math.max(...streamSeconds) } : {}),
    problems: [...facts.problems, problem],
  };
}

const number = z.preprocess((value) => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}, z.number().optional());

const ratio = z.preprocess((value) => {
  const [numerator, denominator] = typeof value === 'string' ? value.split(/[:/]/).map(Number) : [];
  return numerator && denominator ? numerator / denominator : undefined;
}, z.number().optional());

const probeOutputSchema = z.object({
  format: z
    .object({
      format_name: z.string().default(''),
      duration: number,
      size: number,
      bit_rate: number,
      tags: z.object({ major_brand: z.string().optional() }).partial().optional(),
    })
    .default({ format_name: '' }),
  streams: z
    .array(
      z.object({
        index: z.number(),
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: number,
        height: number,
        sample_aspect_ratio: ratio,
        display_aspect_ratio: ratio,
        avg_frame_rate: ratio,
        r_frame_rate: ratio,
        pix_fmt: z.string().optional(),
        bit_rate: number,
        channels: number,
        sample_rate: number,
        start_time: number,
        duration: number,
        nb_frames: number,
        nb_read_packets: number,
        disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
        side_data_list: z.array(z.object({ rotation: number })).optional(),
      }),
    )
    .default([]),
});

const streamKinds: readonly StreamKind[] = ['video', 'audio', 'subtitle', 'data', 'attachment'];

/** Maps ffprobe's JSON to media facts; every field but the stream index may be missing. */
export function parseProbeOutput(output: string, problems: string[] = []): MediaFacts {
  const { format, streams } = probeOutputSchema.parse(JSON.parse(output));
  const brand = format.tags?.major_brand?.trim();
  return {
    formatNames: format.format_name.split(',').filter(Boolean),
    ...(brand ? { brand } : {}),
    ...defined({ durationSeconds: format.duration, sizeBytes: format.size, bitrate: format.bit_rate }),
    streams: streams.map((stream): StreamFacts => ({
      index: stream.index,
      kind: streamKinds.find((kind) => kind === stream.codec_type) ?? 'unknown',
      attachedPicture: stream.disposition?.attached_pic === 1,
      ...defined({
        codec: stream.codec_name,
        width: stream.width,
        height: stream.height,
        sampleAspectRatio: stream.sample_aspect_ratio,
        displayAspectRatio: stream.display_aspect_ratio,
        rotation: stream.side_data_list?.find((sideData) => sideData.rotation !== undefined)?.rotation,
        frameRate: stream.avg_frame_rate ?? stream.r_frame_rate,
        pixelFormat: stream.pix_fmt,
        bitrate: stream.bit_rate,
        channels: stream.channels,
        sampleRate: stream.sample_rate,
        startSeconds: stream.start_time,
        durationSeconds: stream.duration,
        declaredFrames: stream.nb_frames,
        readPackets: stream.nb_read_packets,
      }),
    })),
    problems,
  };
}

/** Drops the keys whose value is undefined, so facts compare and serialise cleanly. */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
