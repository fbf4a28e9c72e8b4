import { createApiClient } from './api-client.ts';
import { localSession } from './local-session.ts';

const expiryListeners = new Set<() => void>();

/** The studio's API client: every feature's fetchers call through it. */
export const studioApi = createApiClient({
  baseUrl: '/api',
  tokenStore: localSession,
  onSessionExpired: () => {
    for (const listener of expiryListeners) listener();
  },
});

/** Runs `listener` when a second 401 ends the session; returns the unsubscribe function. */
export function whenSessionExpires(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}
