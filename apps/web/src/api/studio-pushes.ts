import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { studioRealtime, type RealtimeListener } from './realtime.ts';

/**
 * While the calling component is shown, the studio's socket stays open and `onPush` hears each of
 * its pushes (the latest `onPush`, reading the current props); a new `scope` (another event's id)
 * listens anew.
 */
export function useStudioPushes(scope: string, onPush: RealtimeListener): void {
  const listen = useEffectEvent(onPush);
  useEffect(() => {
    const release = studioRealtime.retain();
    const unsubscribe = studioRealtime.subscribe((message) => listen(message));
    return () => {
      unsubscribe();
      release();
    };
  }, [scope]);
}

/** The queries under `queryKey` are read again at each push that `concerns` them (pushed, not polled). */
export function useReadAgainOnPush(
  scope: string,
  queryKey: QueryKey,
  concerns: (message: Parameters<RealtimeListener>[0]) => boolean,
): void {
  const queryClient = useQueryClient();
  useStudioPushes(scope, (message) => {
    if (concerns(message)) void queryClient.invalidateQueries({ queryKey });
  });
}
