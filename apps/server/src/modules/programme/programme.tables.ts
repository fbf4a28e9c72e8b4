import type { AgendaItemKind, BroadcastType } from '@studio/domain';
import type { Generated } from 'kysely';

/** A track of an event's agenda (migration 0011). */
export interface TrackTable {
  id: Generated<string>;
  event_id: string;
  title: string;
  sort_priority: Generated<number>;
  created_at: Generated<Date>;
}

/** A session (spec 001 §3 "Broadcast"). */
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
  test_simulive_processing_state: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A library video a pre-recorded session plays, at its place in the order. */
export interface BroadcastVideoTable {
  broadcast_id: string;
  video_asset_id: string;
  position: number;
}

/** A block of the agenda in a track: a session (with its broadcast), a break, a room or a booth. */
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

export interface ProgrammeTables {
  tracks: TrackTable;
  broadcasts: BroadcastTable;
  broadcast_videos: BroadcastVideoTable;
  agenda_items: AgendaItemTable;
}
