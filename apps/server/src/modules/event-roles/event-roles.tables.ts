import type { Generated } from 'kysely';

/** A person's role in one event (migration 0012); ATTENDEE 0 … CHECK_IN_STAFF 8 (domain EVENT_ROLES). */
export interface EventRoleTable {
  event_id: string;
  user_id: string;
  role: number;
  created_at: Generated<Date>;
}

export interface EventRolesTables {
  event_roles: EventRoleTable;
}
