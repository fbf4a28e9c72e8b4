import { CHECK_IN_UPDATED, REGISTRANTS_UPDATED } from '@studio/domain';
import { queryKeys } from '../../api/query-keys.ts';
import { eventNamed } from '../../api/realtime.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';

/**
 * Keeps the registrants (statuses, counts) in step with what happens outside this page: the server
 * pushes each check-in at a desk, and each registration, cancellation, promotion from the waitlist,
 * import or No Show. Naming the event to the server refreshes them (a push may have been missed).
 */
export function useRegistrantsUpdates(eventId: string) {
  useReadAgainOnPush(
    eventId,
    queryKeys.registrants.of(eventId),
    (message) =>
      ((message.type === CHECK_IN_UPDATED || message.type === REGISTRANTS_UPDATED) &&
        message.data.eventId === eventId) ||
      eventNamed(message),
  );
}
