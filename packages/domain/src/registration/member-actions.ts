import { eventOver } from '../events/event-status.ts';
import type { BulkModerationAction, EventUserStatus } from './constants.ts';
import { bulkModerationFallback, registrationMessages } from './messages.ts';

/** A status change an organiser can make on one registrant (PATCH event-members/{id}/). */
export interface MemberAction {
  label: string;
  to: EventUserStatus;
}

/**
 * The status changes a registrant's row offers (issue 16 §3): a waitlisted person is approved (in
 * approval mode) or promoted, or rejected; a registered one is canceled or marked attended; an
 * attended one can be put back to no show; a rejected or canceled one can be registered again.
 */
export function memberActions(status: EventUserStatus, approvalRequired: boolean): MemberAction[] {
  switch (status) {
    case 'WAITLISTED':
      return [
        { label: approvalRequired ? 'Approve' : 'Promote from waitlist', to: 'REGISTRATION' },
        { label: 'Reject', to: 'REJECTED' },
      ];
    case 'REGISTRATION':
      return [
        { label: 'Mark attended', to: 'ATTENDED' },
        { label: 'Cancel registration', to: 'CANCELED' },
      ];
    case 'ATTENDED':
      return [{ label: 'Mark no show', to: 'EVENT_NO_SHOW' }];
    case 'EVENT_NO_SHOW':
      return [{ label: 'Mark attended', to: 'ATTENDED' }];
    case 'REJECTED':
      return [{ label: 'Approve', to: 'REGISTRATION' }];
    case 'CANCELED':
      return [{ label: 'Register again', to: 'REGISTRATION' }];
  }
}

const bulkVerbs = { block: 'banning', unblock: 'unbanning', delete: 'deleting' } as const;
const bulkEventUserMessages = {
  block: registrationMessages.errorBanning,
  unblock: registrationMessages.errorUnbanning,
  delete: registrationMessages.errorDeleting,
} as const;

/**
 * 002 §8.10, what a failed bulk moderation says: the server's detail text when it gave one, the
 * action's 'Error in banning event users' (…) when the server failed without one, else (the call
 * never reached an answer) 'Error in banning users. Please try again'.
 */
export function bulkModerationFailure(
  action: BulkModerationAction,
  answer: { detail: string | null } | null,
): string {
  if (!answer) return bulkModerationFallback(bulkVerbs[action]);
  return answer.detail ?? bulkEventUserMessages[action];
}

/**
 * Whether an event takes no registration: not ready, a blueprint, or over (the server refuses with
 * REGISTRATION_CLOSED; its page says so instead of offering the form). A recording, which has no
 * schedule, is never over: it takes registrations at any time.
 */
export const registrationClosed = (
  event: { is_ready: boolean; is_blueprint: boolean; end_time: Date; event_type: string },
  now: Date,
): boolean => !event.is_ready || event.is_blueprint || eventOver(event, now);
