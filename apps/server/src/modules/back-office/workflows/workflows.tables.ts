import type { WorkflowStatus } from '@studio/domain';
import type { Generated } from 'kysely';

/** Asynchronous work on an event (migration 0004); RUNNING blocks actions that need a ready event. */
export interface EventWorkflowTable {
  /** The parent's id is the event id; children are 'event-duplication-{id}' and 'async-duplication-{id}'. */
  id: string;
  organization_id: string;
  event_id: string;
  parent_id: string | null;
  kind: string;
  /** FAILED is stored; the API answers it as COMPLETED with `failed: true`. */
  status: WorkflowStatus | 'FAILED';
  error: string | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface WorkflowsTables {
  event_workflows: EventWorkflowTable;
}
