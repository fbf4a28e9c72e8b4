import type { EventAppSettings, TechCheckOutcome } from '@studio/domain';
import type { ColumnType, Generated } from 'kysely';

/** Migration 0026: the settings an organiser changed (the rest are the domain's defaults). */
export interface EventAppSettingsTable {
  event_id: string;
  settings: ColumnType<Partial<EventAppSettings>, string, string>;
  updated_at: Generated<Date>;
}

/** Migration 0026: a person's last tech check in an event. */
export interface EventAppTechCheckTable {
  event_id: string;
  user_id: string;
  camera: TechCheckOutcome;
  microphone: TechCheckOutcome;
  speakers: TechCheckOutcome;
  network: TechCheckOutcome;
  completed_at: Generated<Date>;
}

export interface EventAppTables {
  event_app_settings: EventAppSettingsTable;
  event_app_tech_checks: EventAppTechCheckTable;
}
