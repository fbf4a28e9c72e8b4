import type { TechCheckOutcome } from '@studio/domain';
import type { Generated } from 'kysely';

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

/** Migration 0032: who asked for a demo from an event's stage (002 §5.3), once each. */
export interface EventAppDemoRequestTable {
  event_id: string;
  user_id: string;
  requested_at: Generated<Date>;
}

export interface EventAppTables {
  event_app_demo_requests: EventAppDemoRequestTable;
  event_app_tech_checks: EventAppTechCheckTable;
}
