import type { Generated } from 'kysely';

/** An event's rooms (migration 0012), in `rank` order. */
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
  created_at: Generated<Date>;
}

export interface RoomsTables {
  rooms: RoomTable;
}
