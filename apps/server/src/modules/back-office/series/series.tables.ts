import type { EventType, HostType } from '@studio/domain';
import type { Generated, JSONColumnType } from 'kysely';
import type { RecurrenceRule } from '@studio/domain';

/** A series of events; with a recurrence rule it is a repeating event (migration 0004). */
export interface SeriesTable {
  id: Generated<string>;
  organization_id: string;
  workspace_id: string | null;
  name: string;
  description: string | null;
  is_repeating: Generated<boolean>;
  recurrence: JSONColumnType<RecurrenceRule | null, string | null | undefined, string | null>;
  /** Occurrence keys the organiser deleted: a rule edit does not bring them back. */
  excluded_occurrences: JSONColumnType<string[], string | undefined, string>;
  event_type: Generated<EventType>;
  host_type: Generated<HostType>;
  location: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SeriesTagTable {
  series_id: string;
  tag_id: string;
  created_at: Generated<Date>;
}

export interface SeriesTables {
  series: SeriesTable;
  series_tags: SeriesTagTable;
}
