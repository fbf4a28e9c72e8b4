import { useEffect } from 'react';
import { studioRealtime } from './realtime.ts';

/**
 * Spec 001 §7: while an event's page is open the studio tells the server which event and route
 * it shows (`setEventId`), so the event's pushes (broadcast-updated, agenda-item-updated …) reach it.
 */
export function useEventRoom(eventId: string | null, route: string, userId: string | null): void {
  useEffect(() => {
    if (!eventId) return;
    const release = studioRealtime.retain();
    studioRealtime.setEventId({ eventId, userId, route });
    return release;
  }, [eventId, route, userId]);
}
