import type { Executor } from '../../../platform/db/executor.ts';

export interface WorkflowRecord {
  id: string;
  organization_id: string;
  event_id: string;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED';
}

/** The only code that touches `event_workflows`. */
export function createWorkflowsRepository(db: Executor) {
  return {
    async insertMany(
      rows: {
        id: string;
        organization_id: string;
        event_id: string;
        parent_id: string | null;
        kind: string;
      }[],
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insertInto('event_workflows')
        .values(rows.map((row) => ({ ...row, status: 'RUNNING' as const, error: null, completed_at: null })))
        .execute();
    },

    async find(id: string, tx: Executor = db): Promise<WorkflowRecord | undefined> {
      return tx
        .selectFrom('event_workflows')
        .select(['id', 'organization_id', 'event_id', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async status(id: string, tx: Executor = db): Promise<WorkflowRecord['status'] | undefined> {
      const row = await tx
        .selectFrom('event_workflows')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.status;
    },

    /** Marks a RUNNING workflow done; answers whether this call did it. */
    async finish(
      id: string,
      status: 'COMPLETED' | 'FAILED',
      error: string | null,
      tx: Executor = db,
    ): Promise<boolean> {
      const result = await tx
        .updateTable('event_workflows')
        .set({ status, error, completed_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'RUNNING')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async isRunning(eventId: string, tx: Executor = db): Promise<boolean> {
      const row = await tx
        .selectFrom('event_workflows')
        .select('id')
        .where('event_id', '=', eventId)
        .where('status', '=', 'RUNNING')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type WorkflowsRepository = ReturnType<typeof createWorkflowsRepository>;
