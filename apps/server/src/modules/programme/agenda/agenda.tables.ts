import type { AgendaItemKind, BroadcastType, SimuliveTestState } from '@studio/domain';
import type { Generated } from 'kysely';

/** Migration 0011: the programme's core, hanging off `events.id`. */
export interface TrackTable {
  id: Generated<string>;
  event_id: string;
  title: string;
  sort_priority: Generated<number>;
  created_at: Generated<Date>;
}

/** A session. */
export interface BroadcastTable {
  id: Generated<string>;
  event_id: string;
  title: string;
  description: Generated<string>;
  start_time: Date;
  end_time: Date;
  broadcast_type: BroadcastType;
  is_live: Generated<boolean>;
  simulive_test_run_end_time: Date | null;
  test_simulive_processing_state: SimuliveTestState | null;
  /** The RTMP input an RTMP session plays (migration 0033). */
  rtmp_input_id: Generated<string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A session's library videos in play order (the library's table only through the foreign key). */
export interface BroadcastVideoTable {
  broadcast_id: string;
  video_asset_id: string;
  position: number;
}

export interface BroadcastTrackTable {
  broadcast_id: string;
  track_id: string;
}

/** A block of a track; a session block (`broadcast_id`) mirrors its session's title and times. */
export interface AgendaItemTable {
  id: Generated<string>;
  event_id: string;
  track_id: string;
  kind: AgendaItemKind;
  broadcast_id: string | null;
  title: string;
  start_time: Date;
  end_time: Date;
  created_at: Generated<Date>;
}

export interface AgendaTables {
  tracks: TrackTable;
  broadcasts: BroadcastTable;
  broadcast_videos: BroadcastVideoTable;
  broadcast_tracks: BroadcastTrackTable;
  agenda_items: AgendaItemTable;
}
