import { CHECK_IN_UPDATED } from '@studio/domain';
import { queryKeys } from '../../api/query-keys.ts';
import { eventNamed } from '../../api/realtime.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';

/**
 * Keeps the registrants (statuses, counts) in step with the check-in desks: the server pushes each
 * check-in to the event's studio pages too. Naming the event to the server refreshes them (a push may have been missed).
 */
export function useCheckInUpdates(eventId: string) {
  useReadAgainOnPush(
    eventId,
    queryKeys.registrants.of(eventId),
    (message) =>
      (message.type === CHECK_IN_UPDATED && message.data.eventId === eventId) || eventNamed(message),
  );
}
