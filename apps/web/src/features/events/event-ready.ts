import { duplicationWorkflowIds, eventMessages, eventNotReadyMessage } from '@studio/domain';
import { fetchWorkflow } from './events-api.ts';

/**
 * Spec 000 §4: before an action that needs a ready event, the parent workflow and its two child
 * workflows are checked; answers the message to show, or null when the action may go ahead.
 */
export async function eventNotReadyReason(eventId: string, action: string): Promise<string | null> {
  const ids = Object.values(duplicationWorkflowIds(eventId));
  try {
    const statuses = await Promise.all(ids.map((id) => fetchWorkflow(id)));
    return statuses.some((workflow) => workflow.status === 'RUNNING') ? eventNotReadyMessage(action) : null;
  } catch {
    return eventMessages.actionCheckFailed;
  }
}
