import { CHECK_IN_UPDATED } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import { eventNamed, studioRealtime } from '../../api/realtime.ts';

/**
 * Keeps the registrants (statuses, counts) in step with the check-in desks: the server pushes each
 * check-in to the event's studio pages too. Naming the event to the server refreshes them (a push may have been missed).
 */
export function useCheckInUpdates(eventId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const release = studioRealtime.retain();
    const unsubscribe = studioRealtime.subscribe((message) => {
      const ours = message.type === CHECK_IN_UPDATED && message.data.eventId === eventId;
      if (ours || eventNamed(message))
        void queryClient.invalidateQueries({ queryKey: queryKeys.registrants.of(eventId) });
    });
    return () => {
      unsubscribe();
      release();
    };
  }, [eventId, queryClient]);
}
