import type { TranscoderCode } from '@studio/domain';
import type { MediaFacts } from './facts.ts';
import { probeMedia } from './probe.ts';
import { MediaToolError, type RunOptions } from './runner.ts';
import { transcoderCodesFor } from './warnings.ts';

export interface MediaInspection {
  /** Absent when ffprobe could not read the file as media at all. */
  facts?: MediaFacts;
  codes: TranscoderCode[];
  /** ffprobe's last words when it refused the file, for logs. */
  reason?: string;
}

/**
 * Probes a file and derives its transcoder codes. A file ffprobe refuses (garbage, truncated
 * before its index, a playlist or other format outside the allowed demuxers) is UNDECODABLE;
 * anything else that goes wrong (a missing binary, an abort) is not the file's fault and throws.
 */
export async function inspectMedia(
  path: string,
  options: Pick<RunOptions, 'signal'> = {},
): Promise<MediaInspection> {
  try {
    const facts = await probeMedia(path, options);
    return { facts, codes: transcoderCodesFor(facts) };
  } catch (error) {
    if (error instanceof MediaToolError) return { codes: ['UNDECODABLE'], reason: error.stderrTail.trim() };
    throw error;
  }
}
