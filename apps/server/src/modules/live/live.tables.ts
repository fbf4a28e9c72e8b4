import type { ChannelState } from '@studio/domain';
import type { Generated } from 'kysely';

/** Which stream key a segment came from; `filler` is the slide played while no encoder sends. */
export type ChannelSource = 'primary' | 'failover' | 'filler';

/** Migration 0033: an event's RTMP input and its channel's state of record. */
export interface RtmpInputTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  name: string;
  stream_key: string;
  failover_stream_key: string;
  channel_state: Generated<ChannelState>;
  test_run_end_time: Date | null;
  /** The ingest session holding each key, and when it last delivered a segment (or connected). */
  primary_publisher: string | null;
  primary_heard_at: Date | null;
  failover_publisher: string | null;
  failover_heard_at: Date | null;
  channel_error: string | null;
  next_sequence: Generated<number>;
  /** Discontinuities written so far (the next segment's `discontinuities_before`). */
  discontinuities: Generated<number>;
  last_source: ChannelSource | null;
  created_at: Generated<Date>;
}

/** One segment of a channel's playlist, in order; a live session's segments name it (its recording). */
export interface LiveSegmentTable {
  input_id: string;
  sequence: number;
  object_key: string;
  duration: number;
  source: ChannelSource;
  discontinuity: boolean;
  discontinuities_before: number;
  broadcast_id: string | null;
  created_at: Generated<Date>;
}

/** A live session's recording, made once (the session's end may be seen by several processes). */
export interface LiveRecordingTable {
  broadcast_id: string;
  input_id: string;
  video_asset_id: string | null;
  created_at: Generated<Date>;
}

export interface LiveTables {
  rtmp_inputs: RtmpInputTable;
  live_segments: LiveSegmentTable;
  live_recordings: LiveRecordingTable;
}
