import { describe, expect, it } from 'vitest';
import { ingestSegmentArgs, parseSegmentListLine } from './live-ingest.ts';

describe('ingestSegmentArgs', () => {
  it('copies FLV from standard input into keyframe-cut MPEG-TS segments listed on standard output', () => {
    expect(ingestSegmentArgs('/work/publish-1', 4)).toEqual([
      ...['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', 'pipe'],
      ...['-f', 'flv', '-i', 'pipe:0'],
      ...['-map', '0:v', '-map', '0:a?', '-c', 'copy'],
      ...['-f', 'segment', '-segment_time', '4', '-segment_format', 'mpegts'],
      ...['-segment_list', 'pipe:1', '-segment_list_type', 'csv'],
      '/work/publish-1/segment-%05d.ts',
    ]);
  });

  it('cuts 2 s segments by default', () => {
    const args = ingestSegmentArgs('/work/publish-1');
    expect(args[args.indexOf('-segment_time') + 1]).toBe('2');
  });
});

describe('parseSegmentListLine', () => {
  it('reads the file, start and end of a completed segment', () => {
    expect(parseSegmentListLine('segment-00001.ts,2.023000,4.023000\n')).toEqual({
      file: 'segment-00001.ts',
      startTime: 2.023,
      endTime: 4.023,
    });
  });

  it('ignores anything else', () => {
    expect(parseSegmentListLine('')).toBeUndefined();
    expect(parseSegmentListLine('segment-00001.ts,2.0')).toBeUndefined();
  });
});
