import type { Generated } from 'kysely';

/**
 * An event's rooms (migration 0012), in `rank` order; a booth's discussion rooms (migration 0079)
 * have its `booth_id` and `is_booth`, and are ranked within the booth.
 */
export interface RoomTable {
  id: Generated<string>;
  event_id: string;
  name: string;
  description: Generated<string>;
  capacity: number | null;
  rank: Generated<number>;
  is_breakout: Generated<boolean>;
  is_booth: Generated<boolean>;
  owner_id: string | null;
  booth_id: string | null;
  created_at: Generated<Date>;
}

export interface RoomsTables {
  rooms: RoomTable;
}
