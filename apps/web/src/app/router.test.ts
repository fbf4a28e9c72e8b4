import {
  CONTENT_LAB_HREF,
  loginHref,
  paths,
  redirectHref,
  studioRedirects,
  studioRoutes,
  type CurrentUser,
  type StudioRoute,
} from '@studio/domain';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localSession } from '../api/local-session.ts';
import { acme, ada, fakeStudioApi } from '../testing/fake-studio-api.ts';
import { createStudio, type Studio } from './studio.ts';

/** A concrete path of a pattern: `$name` becomes `x-name`, a trailing `$` two segments. */
const sample = (pattern: string) => pattern.replace(/\/\$$/, '/a/b').replace(/\$(\w+)/g, 'x-$1');

let studio: Studio | undefined;
afterEach(() => {
  studio?.stop();
});

async function startAt(href: string, user: CurrentUser | null) {
  fakeStudioApi(user ?? ada, acme);
  if (user) localSession.saveTokens({ access: 'access-1', refresh: 'refresh-1' });
  studio = createStudio(createMemoryHistory({ initialEntries: [href] }));
  await studio.router.load();
  return studio.router;
}

async function landing(router: Studio['router'], href: string) {
  await router.navigate({ href });
  const shown = router.state.matches.findLast((match) => match.staticData.studioRoute)?.staticData
    .studioRoute;
  return { href: router.state.location.href, route: shown?.path };
}

const withoutOrganization: CurrentUser = { ...ada, organization: null, role: null };
const isOrganizationEntry = (route: StudioRoute) =>
  route.path === paths.contentLabAlreadyLoggedIn || route.path === paths.createOrg;

describe('every path of the route table', () => {
  it('opens each public page to a signed-out visitor and sends the others to Login', async () => {
    const router = await startAt('/auth/login', null);
    for (const route of studioRoutes) {
      const href = sample(route.path);
      const expected = route.requiresSignIn
        ? { href: loginHref(href), route: paths.login }
        : { href, route: route.path };
      expect(await landing(router, href), route.path).toEqual(expected);
    }
  });

  it('opens each signed-in page to a member of an organisation', async () => {
    const router = await startAt('/home', ada);
    for (const route of studioRoutes.filter((candidate) => candidate.requiresSignIn)) {
      const href = sample(route.path);
      const expected = isOrganizationEntry(route)
        ? { href: paths.orgHome, route: paths.orgHome }
        : { href, route: route.path };
      expect(await landing(router, href), route.path).toEqual(expected);
    }
  });

  it('opens already-logged-in and createorg to a user without an organisation', async () => {
    const router = await startAt(paths.contentLabAlreadyLoggedIn, withoutOrganization);
    for (const route of studioRoutes.filter(isOrganizationEntry)) {
      expect(await landing(router, route.path)).toEqual({ href: route.path, route: route.path });
    }
    expect(await landing(router, '/videos')).toMatchObject({ href: paths.contentLabAlreadyLoggedIn });
    expect(await landing(router, CONTENT_LAB_HREF)).toMatchObject({ href: paths.contentLabAlreadyLoggedIn });
  });

  it('opens the content lab, and only it of the signed-in pages, to a standalone Content Lab user', async () => {
    const standalone: CurrentUser = { ...withoutOrganization, is_content_lab_standalone: true };
    const router = await startAt(CONTENT_LAB_HREF, standalone);
    expect(router.state.location.href).toBe(CONTENT_LAB_HREF);
    for (const route of studioRoutes.filter((candidate) => candidate.requiresSignIn)) {
      const href = sample(route.path);
      const expected =
        isOrganizationEntry(route) || route.kind === 'content-lab'
          ? { href, route: route.path }
          : { href: paths.contentLabAlreadyLoggedIn, route: paths.contentLabAlreadyLoggedIn };
      expect(await landing(router, href), route.path).toEqual(expected);
    }
  });
});

describe('redirects', () => {
  const signedIn: [string, string][] = [
    ['/', '/home'],
    ['/upcoming-events', '/events'],
    ['/past-events', '/events'],
    ['/eventHub', '/pages'],
    ['/eventHub/hub-1', '/pages/hub-1'],
    ['/settings-new/members', '/settings-new/users'],
    ['/settings-new/contract', '/settings-new/organization'],
    ['/settings', '/settings-new/organization'],
    ['/organization-team', '/settings-new/users'],
    ['/library', '/events'],
    ['/stage', '/events'],
    ['/connected-apps', '/events'],
    ['/space', '/events'],
    ['/analytics', '/events'],
  ];
  const signedOut: [string, string][] = [
    ['/auth', '/auth/login'],
    ['/login', '/auth/login'],
    ['/content/auth', '/content/auth/login'],
  ];

  it('covers every redirect of the table', () => {
    const tested = [...signedIn, ...signedOut].map(([from]) => from.replace('hub-1', '$eventHubId'));
    expect(tested.sort()).toEqual(studioRedirects.map((redirect) => redirect.path).sort());
  });

  it.each(signedIn)('%s → %s for a signed-in member', async (from, to) => {
    const router = await startAt(from, ada);
    expect(router.state.location.href).toBe(to);
  });

  it.each(signedOut)('%s → %s for a visitor', async (from, to) => {
    const router = await startAt(from, null);
    expect(router.state.location.href).toBe(to);
  });

  it('carries parameters of the table into the target', () => {
    const eventHub = studioRedirects.find((redirect) => redirect.path === '/eventHub/$eventHubId');
    expect(eventHub && redirectHref(eventHub, { eventHubId: 'x' })).toBe('/pages/x');
  });
});

describe('unknown paths', () => {
  it.each(['/no/such/page', '/auth/nothing', '/events/e-1/nothing/here'])(
    '%s → the 404 error page',
    async (href) => {
      const router = await startAt(href, ada);
      expect(router.state.location.href).toBe('/error?code=404');
    },
  );

  it('asks a signed-out visitor to sign in before the error page', async () => {
    const router = await startAt('/no/such/page', null);
    expect(router.state.location.href).toBe(loginHref('/error?code=404'));
  });
});

describe('list page addresses', () => {
  it('keeps a list address as the page wrote it: lists comma-separated, never JSON', async () => {
    const router = await startAt('/events', ada);
    expect(await landing(router, '/videos?source=UPLOAD,CLIP&page=2')).toEqual({
      href: '/videos?source=UPLOAD%2CCLIP&page=2',
      route: '/videos',
    });
    expect(await landing(router, '/events?filter=PastEvents')).toEqual({
      href: '/events?filter=PastEvents',
      route: '/events',
    });
  });
});

describe('session', () => {
  it('sends the visitor to Login, with the way back, once the session cannot be renewed', async () => {
    fakeStudioApi(ada, acme);
    localSession.saveTokens({ access: 'stale', refresh: 'revoked' });
    studio = createStudio(createMemoryHistory({ initialEntries: ['/videos'] }));
    await studio.router.load();
    await vi.waitFor(() => expect(studio?.router.state.location.href).toBe(loginHref('/videos')));
    expect(localSession.tokens()).toBeNull();
  });
});
