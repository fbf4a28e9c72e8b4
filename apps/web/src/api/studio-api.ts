import { createApiClient } from './api-client.ts';
import { localSession } from './local-session.ts';

const API_BASE = '/api';

/** A server path as the domain names it (`/api/…`), as the client asks for it (below its base). */
export const clientPath = (path: string) =>
  path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path;

const expiryListeners = new Set<() => void>();

/** The studio's API client: every feature's fetchers call through it. */
export const studioApi = createApiClient({
  baseUrl: API_BASE,
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
