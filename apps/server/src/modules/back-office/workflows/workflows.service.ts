import {
  duplicationWorkflowIds,
  eventNotReadyMessage,
  WORKFLOW_UPDATED,
  type WorkflowStatusAnswer,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { HttpError, notFound } from '../../../platform/http/errors.ts';
import type { Realtime } from '../../../platform/realtime/gateway.ts';
import type { Scopes } from '../event-scope.ts';
import type { WorkflowsRepository } from './workflows.repository.ts';

const CHILD_PREFIXES = ['event-duplication-', 'async-duplication-'] as const;

/**
 * Spec 000 §3/§4: asynchronous work on an event, RUNNING or COMPLETED. The client checks the
 * parent (id = the event id) and the two children before an action that needs a ready event.
 */
export function createWorkflowsService(deps: {
  workflows: WorkflowsRepository;
  scopes: Scopes;
  /** Answers whether the caller may see the event (the events service's check). */
  eventVisible(caller: Caller, eventId: string): Promise<boolean>;
  /** The event's workspace (null: none): the studios that see it hear its workflows end. */
  workspaceOf(eventId: string): Promise<string | null>;
  realtime: Pick<Realtime, 'publish'>;
}) {
  const { workflows } = deps;

  /** The event a workflow id names: the parent's id is the event id, a child's ends with it. */
  const eventIdOf = (workflowId: string): string => {
    const prefix = CHILD_PREFIXES.find((candidate) => workflowId.startsWith(candidate));
    return prefix ? workflowId.slice(prefix.length) : workflowId;
  };

  const answer = (
    id: string,
    status: 'RUNNING' | 'COMPLETED' | 'FAILED' | undefined,
  ): WorkflowStatusAnswer => ({
    id,
    status: status === 'RUNNING' ? 'RUNNING' : 'COMPLETED',
    failed: status === 'FAILED',
  });

  return {
    /** A workflow of an event the caller sees; an event without one has nothing running (COMPLETED). */
    async status(caller: Caller, workflowId: string, organization?: string): Promise<WorkflowStatusAnswer> {
      await deps.scopes.scopeOf(caller, 'event:read', organization);
      if (!(await deps.eventVisible(caller, eventIdOf(workflowId)))) throw notFound();
      return answer(workflowId, await workflows.status(workflowId));
    },

    /** Starts the duplication workflows of a new event (inside the transaction that creates it). */
    async startDuplication(organizationId: string, eventId: string, tx: Executor): Promise<string[]> {
      const ids = duplicationWorkflowIds(eventId);
      await workflows.insertMany(
        [
          {
            id: ids.parent,
            organization_id: organizationId,
            event_id: eventId,
            parent_id: null,
            kind: 'duplication',
          },
          {
            id: ids.eventDuplication,
            organization_id: organizationId,
            event_id: eventId,
            parent_id: ids.parent,
            kind: 'event-duplication',
          },
          {
            id: ids.asyncDuplication,
            organization_id: organizationId,
            event_id: eventId,
            parent_id: ids.parent,
            kind: 'async-duplication',
          },
        ],
        tx,
      );
      return [ids.parent, ids.eventDuplication, ids.asyncDuplication];
    },

    statusOf: (workflowId: string, tx?: Executor) => workflows.status(workflowId, tx),
    /**
     * Marks a RUNNING workflow done. Finished outside a transaction, the organisation's studios hear
     * it at once; one finished inside a transaction (a duplication's child) could be heard before
     * its commit, so it is not: its parent, finished after the commit, is what a studio waits for.
     */
    async finish(
      workflowId: string,
      status: 'COMPLETED' | 'FAILED',
      error: string | null = null,
      tx?: Executor,
    ): Promise<boolean> {
      const finished = await workflows.finish(workflowId, status, error, tx);
      const record = finished && !tx ? await workflows.find(workflowId) : undefined;
      if (record)
        await deps.realtime.publish(
          record.organization_id,
          { type: WORKFLOW_UPDATED, data: { ...answer(record.id, record.status), eventId: record.event_id } },
          { workspaceId: await deps.workspaceOf(record.event_id) },
        );
      return finished;
    },
    isRunning: (eventId: string, tx?: Executor) => workflows.isRunning(eventId, tx),

    /** Spec 000 §4 on the server: 409 EVENT_NOT_READY while any workflow of the event runs. */
    async assertReady(eventId: string, action: string, tx?: Executor): Promise<void> {
      if (await workflows.isRunning(eventId, tx))
        throw new HttpError(409, 'EVENT_NOT_READY', eventNotReadyMessage(action));
    },
  };
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
