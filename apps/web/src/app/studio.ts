import { QueryClient } from '@tanstack/react-query';
import type { RouterHistory } from '@tanstack/react-router';
import { ApiRequestError } from '../api/api-error.ts';
import { whenSessionExpires } from '../api/studio-api.ts';
import { endSession } from '../session/end-session.ts';
import { studioUsage } from '../session/studio-usage.ts';
import { followNavigationEffects } from './navigation-effects.ts';
import { createStudioRouter, type StudioRouter } from './router.tsx';

export interface Studio {
  queryClient: QueryClient;
  router: StudioRouter;
  /** Ends the subscriptions of this studio (tests start one per case). */
  stop: () => void;
}

/** Client errors (4xx) do not improve with a retry; network and server failures may. */
const retryUnlessClientError = (failureCount: number, error: Error) =>
  failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500);

export interface StudioOptions {
  /** Milliseconds before a failed read is retried; TanStack's backoff (1 s, then 2 s) unless told. */
  retryDelay?: number;
}

export function createStudio(history?: RouterHistory, { retryDelay }: StudioOptions = {}): Studio {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: retryUnlessClientError, ...(retryDelay !== undefined && { retryDelay }) },
    },
  });
  const router = createStudioRouter(queryClient, history);
  const subscriptions = [
    // The guard then sends the visitor of a signed-in page to Login, with the way back.
    whenSessionExpires(() => void endSession(queryClient, () => router.invalidate())),
    followNavigationEffects(router),
    studioUsage.watch(),
  ];
  return { queryClient, router, stop: () => subscriptions.forEach((unsubscribe) => unsubscribe()) };
}
