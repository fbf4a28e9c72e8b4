import type { CurrentUser, OrganizationDetail } from '@studio/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { onTestFinished } from 'vitest';
import { localSession } from '../api/local-session.ts';
import { StudioApp } from '../app/studio-app.tsx';
import { createStudio } from '../app/studio.ts';
import { acme, fakeStudioApi, type ExtraRoutes } from './fake-studio-api.ts';

interface OpenStudioOptions {
  /** The account: whom /me answers and whom the password 'Secret#123' signs in. */
  user: CurrentUser;
  /** Signed in already (tokens access-1/refresh-1); true unless told. */
  signedIn?: boolean;
  organization?: OrganizationDetail | null;
  routes?: ExtraRoutes;
  /** The member's permission list, e.g. `permissionsOfRole('EVENT_EDITOR')` (see fakeStudioApi). */
  permissions?: readonly string[];
  /** Render in React's StrictMode (effects run twice on mount, as in development). */
  strict?: boolean;
}

/** The whole studio at `href` on a fake API, as a person would open it. */
export function openStudio(
  href: string,
  { user, signedIn = true, organization = acme, routes, strict = false, permissions }: OpenStudioOptions,
) {
  const fetchMock = fakeStudioApi(user, organization, routes, permissions);
  if (signedIn) localSession.saveTokens({ access: 'access-1', refresh: 'refresh-1' });
  // The studio's retries stand, without their wait: a failing read gives up at once.
  const studio = createStudio(createMemoryHistory({ initialEntries: [href] }), { retryDelay: 0 });
  // Per test, not a hook of this module: a worker's files share it, and it is loaded once.
  onTestFinished(() => studio.stop());
  const app = <StudioApp studio={studio} env="test" />;
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { fetchMock, router: studio.router, queryClient: studio.queryClient };
}

/** The calls made to one path (without the query), with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof fakeStudioApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url.split('?')[0] === path)
    .map(([url, init]) => ({
      url,
      method: init.method,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

/** The bodies the studio sent to `path` (with `method`, when given), in order. */
export const bodiesSentTo = (fetchMock: ReturnType<typeof fakeStudioApi>, path: string, method?: string) =>
  callsTo(fetchMock, path)
    .filter((call) => method === undefined || call.method === method)
    .map((call) => call.body);

/**
 * The keys of the queries shown that are read again on a timer now (a `refetchInterval`): long
 * work's progress is pushed, so a screen waiting for it answers none.
 */
export function queriesReadOnATimer(queryClient: QueryClient): QueryKey[] {
  return queryClient
    .getQueryCache()
    .findAll()
    .filter((query) =>
      query.observers.some((observer) => {
        const interval = observer.options.refetchInterval;
        return Boolean(typeof interval === 'function' ? interval(query) : interval);
      }),
    )
    .map((query) => query.queryKey);
}
