import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ingestSegmentArgs,
  parseSegmentListLine,
  startPipedMediaTool,
  type PipedMediaProcess,
} from '@studio/media';
import Flv from './vendor/node-media-server/protocol/flv.js';
import type { IngestLog, IngestSegment } from './ingest.ts';

/** How long ffmpeg may take to write its last segment once the publisher has gone. */
const FINISH_TIMEOUT_MS = 10_000;

export interface PackagerOptions {
  workDir: string;
  segmentSeconds: number;
  /** Awaited one at a time, in order. */
  onSegment(segment: IngestSegment): Promise<void>;
  /** ffmpeg stopped by itself. */
  onFailure(message: string): void;
  log?: IngestLog;
}

/**
 * One publish's ffmpeg: FLV tags in, MPEG-TS segments out in a private directory. Each segment is
 * announced once ffmpeg has closed it and deleted once announced; `stop` leaves nothing behind.
 */
export class SegmentPackager {
  private ffmpeg: PipedMediaProcess | undefined;
  private pendingLine = '';
  private nextIndex = 0;
  private announcements = Promise.resolve();
  private announcing = true;
  private stopping = false;

  private constructor(
    private readonly options: PackagerOptions,
    private readonly dir: string,
  ) {}

  /** Makes the publish's private directory. */
  static async prepare(options: PackagerOptions): Promise<SegmentPackager> {
    await mkdir(options.workDir, { recursive: true });
    return new SegmentPackager(options, await mkdtemp(join(options.workDir, 'publish-')));
  }

  /** Starts ffmpeg and hands it the FLV header. */
  start(hasAudio: boolean): void {
    const ffmpeg = startPipedMediaTool(
      'ffmpeg',
      ingestSegmentArgs(this.dir, this.options.segmentSeconds),
      (chunk) => this.readSegmentList(chunk),
    );
    this.ffmpeg = ffmpeg;
    ffmpeg.stdin.write(Flv.createHeader(hasAudio, true));
    void ffmpeg.exit.then((exit) => {
      if (this.stopping) return;
      const why = exit.error?.message ?? exit.stderrTail.trim().split('\n').at(-1) ?? '';
      this.options.onFailure(
        `ffmpeg stopped packaging the stream (${exit.signal ?? `exit code ${exit.code}`})${why ? `: ${why}` : ''}`,
      );
    });
  }

  /** Writes one FLV tag; false when the caller should wait for `drain`. */
  write(tag: Buffer): boolean {
    return this.ffmpeg?.stdin.write(tag) ?? true;
  }

  onDrain(listener: () => void): void {
    this.ffmpeg?.stdin.on('drain', listener);
  }

  /**
   * `finish`: ffmpeg closes and announces the last segment (the publisher stopped); `kill`: nothing
   * more is announced. Either way ffmpeg has exited, announcements have settled and the directory
   * is gone when this resolves.
   */
  async stop(mode: 'finish' | 'kill'): Promise<void> {
    this.stopping = true;
    const ffmpeg = this.ffmpeg;
    if (ffmpeg) {
      if (mode === 'kill') {
        this.announcing = false;
        ffmpeg.kill();
      } else {
        ffmpeg.stdin.end();
      }
      const timer = setTimeout(() => ffmpeg.kill(), FINISH_TIMEOUT_MS);
      await ffmpeg.exit;
      clearTimeout(timer);
    }
    await this.announcements;
    await rm(this.dir, { recursive: true, force: true });
  }

  private readSegmentList(chunk: string) {
    const lines = (this.pendingLine + chunk).split('\n');
    this.pendingLine = lines.pop() ?? '';
    for (const line of lines) {
      const entry = parseSegmentListLine(line);
      if (!entry) continue;
      const file = join(this.dir, entry.file);
      const segment: IngestSegment = {
        file,
        index: this.nextIndex++,
        duration: Math.round((entry.endTime - entry.startTime) * 1e6) / 1e6,
        startTime: entry.startTime,
      };
      this.announcements = this.announcements.then(() => this.announce(segment));
    }
  }

  private async announce(segment: IngestSegment) {
    try {
      if (this.announcing) await this.options.onSegment(segment);
    } catch (error) {
      this.options.log?.warn({ err: error, segment: segment.index }, 'A live segment was not taken');
    }
    await rm(segment.file, { force: true });
  }
}
