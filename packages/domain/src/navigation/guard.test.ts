import { describe, expect, it } from 'vitest';
import {
  guardNavigation,
  loginHref,
  safeRedirectTarget,
  type GuardOrganization,
  type GuardUser,
} from './guard.ts';
import { studioRoutes, type StudioRoute } from './routes.ts';

function routeAt(path: string): StudioRoute {
  const route = studioRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

const signedOut = null;
const confirmed = { status: 'CONFIRMED', email_verified: true, is_content_lab_standalone: false } as const;
/** Without an organisation or a Content Lab space of their own (an event's guest). */
const withoutOrganization: GuardUser = { organization: null, role: null, workspaces: [], ...confirmed };
/** A standalone Content Lab user: no organisation, a personal Content Lab space. */
const standalone: GuardUser = { ...withoutOrganization, is_content_lab_standalone: true };
const orgAdmin: GuardUser = { organization: 'org-1', role: 'ORG_ADMIN', workspaces: [], ...confirmed };
const unverifiedAdmin: GuardUser = { ...orgAdmin, email_verified: false };
const temporaryPassword: GuardUser = { ...orgAdmin, role: null, status: 'FORCE_CHANGE_PASSWORD' };
const standaloneTemporaryPassword: GuardUser = { ...standalone, status: 'FORCE_CHANGE_PASSWORD' };
const workspaceAdmin: GuardUser = {
  organization: 'org-1',
  role: 'WORKSPACE_ADMIN',
  workspaces: [],
  ...confirmed,
};
const workspaceAdminWithTeam: GuardUser = { ...workspaceAdmin, workspaces: [{ id: 'ws-1', name: 'Team' }] };
const workspacesOn: GuardOrganization = { is_workspace_enabled: true };
const workspacesOff: GuardOrganization = { is_workspace_enabled: false };

interface Case {
  name: string;
  path: string;
  href?: string;
  redirect?: string;
  user: GuardUser | null;
  organization?: GuardOrganization;
  /** 'allow', or where the guard sends the visitor. */
  expected: string;
}

const cases: Case[] = [
  // Protected routes need a signed-in user.
  {
    name: 'signed out, library',
    path: '/videos',
    user: signedOut,
    expected: '/auth/login?redirect=%2Fvideos',
  },
  {
    name: 'signed out keeps the query',
    path: '/videos',
    href: '/videos?page=2',
    user: signedOut,
    expected: '/auth/login?redirect=%2Fvideos%3Fpage%3D2',
  },
  {
    name: 'signed out, event page',
    path: '/events/$eventId/dashboard',
    href: '/events/e-1/dashboard',
    user: signedOut,
    expected: '/auth/login?redirect=%2Fevents%2Fe-1%2Fdashboard',
  },
  {
    name: 'signed out, content lab',
    path: '/content/$',
    href: '/content/x',
    user: signedOut,
    expected: loginHref('/content/x'),
  },
  { name: 'signed out, createorg', path: '/createorg', user: signedOut, expected: loginHref('/createorg') },
  {
    name: 'signed out, error page',
    path: '/error',
    href: '/error?code=404',
    user: signedOut,
    expected: loginHref('/error?code=404'),
  },
  {
    name: 'signed out, no-workspace',
    path: '/no-workspace',
    user: signedOut,
    expected: loginHref('/no-workspace'),
  },
  {
    name: 'signed out, already-logged-in',
    path: '/content/auth/already-logged-in',
    user: signedOut,
    expected: loginHref('/content/auth/already-logged-in'),
  },
  { name: 'signed out, login', path: '/auth/login', user: signedOut, expected: 'allow' },
  {
    name: 'signed out, content-lab signup',
    path: '/content/auth/signup',
    user: signedOut,
    expected: 'allow',
  },
  {
    name: 'signed out, magic link',
    path: '/auth/link/$email/$secretCode',
    user: signedOut,
    expected: 'allow',
  },
  { name: 'signed out, shared clip', path: '/shared/clip/$clipId', user: signedOut, expected: 'allow' },
  {
    name: 'signed out, sponsor booth',
    path: '/sponsor/$eventId/booth/$boothId',
    user: signedOut,
    expected: 'allow',
  },
  {
    name: 'signed out, registrants activity',
    path: '/registrants-activity',
    user: signedOut,
    expected: 'allow',
  },

  // A user without an organisation reaches only the content-lab auth and shared pages and /createorg.
  {
    name: 'no organisation, home',
    path: '/home',
    user: withoutOrganization,
    expected: '/content/auth/already-logged-in',
  },
  {
    name: 'no organisation, library',
    path: '/videos',
    user: withoutOrganization,
    expected: '/content/auth/already-logged-in',
  },
  {
    name: 'no organisation, content lab',
    path: '/content/$',
    href: '/content',
    user: withoutOrganization,
    expected: '/content/auth/already-logged-in',
  },
  {
    name: 'no organisation, error page',
    path: '/error',
    user: withoutOrganization,
    expected: '/content/auth/already-logged-in',
  },
  {
    name: 'no organisation, already-logged-in',
    path: '/content/auth/already-logged-in',
    user: withoutOrganization,
    expected: 'allow',
  },
  { name: 'no organisation, createorg', path: '/createorg', user: withoutOrganization, expected: 'allow' },
  {
    name: 'no organisation, shared post',
    path: '/shared/post/$postId',
    user: withoutOrganization,
    expected: 'allow',
  },
  { name: 'no organisation, sso', path: '/auth/sso', user: withoutOrganization, expected: 'allow' },
  {
    name: 'no organisation, login goes home',
    path: '/auth/login',
    user: withoutOrganization,
    expected: '/home',
  },
  {
    name: 'no organisation, login follows redirect',
    path: '/auth/login',
    redirect: '/createorg',
    user: withoutOrganization,
    expected: '/createorg',
  },

  // A standalone Content Lab user works in the content lab; the rest stays closed to them.
  {
    name: 'standalone, content lab',
    path: '/content/$',
    href: '/content',
    user: standalone,
    expected: 'allow',
  },
  {
    name: 'standalone, a project of the content lab',
    path: '/content/$',
    href: '/content/6f1c0a52-3f4e-4d1a-9a51-000000000001',
    user: standalone,
    expected: 'allow',
  },
  { name: 'standalone, home', path: '/home', user: standalone, expected: '/content/auth/already-logged-in' },
  {
    name: 'standalone, library',
    path: '/videos',
    user: standalone,
    expected: '/content/auth/already-logged-in',
  },
  {
    name: 'standalone, events',
    path: '/events',
    user: standalone,
    expected: '/content/auth/already-logged-in',
  },
  {
    name: 'standalone, already-logged-in',
    path: '/content/auth/already-logged-in',
    user: standalone,
    expected: 'allow',
  },
  { name: 'standalone, createorg', path: '/createorg', user: standalone, expected: 'allow' },

  // A user with an organisation.
  { name: 'organisation, home', path: '/home', user: orgAdmin, expected: 'allow' },
  { name: 'organisation, library', path: '/videos', user: orgAdmin, expected: 'allow' },
  { name: 'organisation admin, tokens', path: '/settings-new/tokens', user: orgAdmin, expected: 'allow' },
  {
    name: 'organisation, already-logged-in',
    path: '/content/auth/already-logged-in',
    user: orgAdmin,
    expected: '/home',
  },
  { name: 'organisation, createorg', path: '/createorg', user: orgAdmin, expected: '/home' },

  // Signed-in users on sign-in pages go to the redirect target or home, except the hand-off pages.
  { name: 'signed in, login', path: '/auth/login', user: orgAdmin, expected: '/home' },
  {
    name: 'signed in, login with redirect',
    path: '/auth/login',
    redirect: '/videos?page=2',
    user: orgAdmin,
    expected: '/videos?page=2',
  },
  {
    name: 'signed in, other origin',
    path: '/auth/login',
    redirect: 'https://example.com/',
    user: orgAdmin,
    expected: '/home',
  },
  {
    name: 'signed in, protocol-relative',
    path: '/auth/login',
    redirect: '//example.com/',
    user: orgAdmin,
    expected: '/home',
  },
  { name: 'signed in, forgot', path: '/auth/forgot', user: orgAdmin, expected: '/home' },
  { name: 'signed in, magic link sent', path: '/auth/magicLinkSent', user: orgAdmin, expected: '/home' },
  { name: 'signed in, external', path: '/auth/external', user: orgAdmin, expected: '/home' },
  { name: 'signed in, content-lab login', path: '/content/auth/login', user: orgAdmin, expected: '/home' },
  { name: 'signed in, content-lab signup', path: '/content/auth/signup', user: orgAdmin, expected: '/home' },
  { name: 'signed in, magic link', path: '/auth/link/$email/$secretCode', user: orgAdmin, expected: 'allow' },
  { name: 'signed in, sso', path: '/auth/sso', user: orgAdmin, expected: 'allow' },
  { name: 'signed in, okta', path: '/auth/oktalogin', user: orgAdmin, expected: 'allow' },
  { name: 'signed in, organisation login', path: '/auth/org/$orgId', user: orgAdmin, expected: 'allow' },

  // Sign-up confirmation: open to a signed-in person until the address is confirmed.
  {
    name: 'unverified, confirm sign-up',
    path: '/auth/confirmSignup',
    user: unverifiedAdmin,
    expected: 'allow',
  },
  { name: 'verified, confirm sign-up', path: '/auth/confirmSignup', user: orgAdmin, expected: '/home' },
  {
    name: 'unverified without organisation, confirm sign-up',
    path: '/auth/confirmSignup',
    user: { ...withoutOrganization, email_verified: false },
    expected: 'allow',
  },

  // A temporary password: External until it is replaced (spec 001 §4).
  {
    name: 'temporary password, external',
    path: '/auth/external',
    user: temporaryPassword,
    expected: 'allow',
  },
  {
    name: 'temporary password, home',
    path: '/home',
    user: temporaryPassword,
    expected: '/auth/external?redirect=%2Fhome',
  },
  {
    name: 'temporary password, event page keeps the way back',
    path: '/events/$eventId/dashboard',
    href: '/events/e-1/dashboard?tab=1',
    user: temporaryPassword,
    expected: '/auth/external?redirect=%2Fevents%2Fe-1%2Fdashboard%3Ftab%3D1',
  },
  {
    name: 'temporary password, login',
    path: '/auth/login',
    user: temporaryPassword,
    expected: '/auth/external',
  },
  {
    name: 'temporary password, login with redirect',
    path: '/auth/login',
    redirect: '/videos',
    user: temporaryPassword,
    expected: '/auth/external?redirect=%2Fvideos',
  },
  {
    name: 'temporary password, login with a foreign redirect',
    path: '/auth/login',
    redirect: 'https://example.com/',
    user: temporaryPassword,
    expected: '/auth/external',
  },
  {
    name: 'temporary password, createorg',
    path: '/createorg',
    user: temporaryPassword,
    expected: '/auth/external?redirect=%2Fcreateorg',
  },
  {
    name: 'temporary password, shared clip',
    path: '/shared/clip/$clipId',
    user: temporaryPassword,
    expected: 'allow',
  },
  {
    name: 'temporary password, magic link',
    path: '/auth/link/$email/$secretCode',
    user: temporaryPassword,
    expected: 'allow',
  },
  { name: 'temporary password, sso', path: '/auth/sso', user: temporaryPassword, expected: 'allow' },
  {
    name: 'standalone temporary password, content lab (the forced dialog)',
    path: '/content/$',
    href: '/content',
    user: standaloneTemporaryPassword,
    expected: 'allow',
  },
  {
    name: 'standalone temporary password, already-logged-in (the forced dialog)',
    path: '/content/auth/already-logged-in',
    user: standaloneTemporaryPassword,
    expected: 'allow',
  },
  {
    name: 'standalone temporary password, external',
    path: '/auth/external',
    user: standaloneTemporaryPassword,
    expected: 'allow',
  },

  // Workspace admins.
  {
    name: 'team admin without team',
    path: '/home',
    user: workspaceAdmin,
    organization: workspacesOn,
    expected: '/no-workspace',
  },
  {
    name: 'team admin without team, event',
    path: '/events/$eventId',
    user: workspaceAdmin,
    organization: workspacesOn,
    expected: '/no-workspace',
  },
  {
    name: 'team admin without team, no-workspace',
    path: '/no-workspace',
    user: workspaceAdmin,
    organization: workspacesOn,
    expected: 'allow',
  },
  {
    name: 'team admin without team, tokens',
    path: '/settings-new/tokens',
    user: workspaceAdmin,
    organization: workspacesOn,
    expected: '/no-workspace',
  },
  {
    name: 'team admin without team, shared',
    path: '/shared/clip/$clipId',
    user: workspaceAdmin,
    organization: workspacesOn,
    expected: 'allow',
  },
  {
    name: 'team admin, workspaces off',
    path: '/home',
    user: workspaceAdmin,
    organization: workspacesOff,
    expected: 'allow',
  },
  { name: 'team admin, organisation unknown', path: '/home', user: workspaceAdmin, expected: 'allow' },
  {
    name: 'team admin with team',
    path: '/events',
    user: workspaceAdminWithTeam,
    organization: workspacesOn,
    expected: 'allow',
  },
  {
    name: 'team admin with team, tokens',
    path: '/settings-new/tokens',
    user: workspaceAdminWithTeam,
    organization: workspacesOn,
    expected: '/home',
  },
  {
    name: 'team admin, workspaces off, tokens',
    path: '/settings-new/tokens',
    user: workspaceAdmin,
    organization: workspacesOff,
    expected: '/home',
  },
  {
    name: 'team admin, other settings',
    path: '/settings-new/users',
    user: workspaceAdminWithTeam,
    organization: workspacesOn,
    expected: 'allow',
  },
];

describe('guardNavigation', () => {
  it.each(cases)('$name', ({ path, href, redirect, user, organization, expected }) => {
    const decision = guardNavigation(
      { route: routeAt(path), href: href ?? path, redirect: redirect ?? null },
      user,
      organization ?? null,
    );
    expect(decision).toEqual(
      expected === 'allow' ? { action: 'allow' } : { action: 'redirect', to: expected },
    );
  });

  const profiles: [string, GuardUser | null, GuardOrganization | null][] = [
    ['signed out', signedOut, null],
    ['without organisation', withoutOrganization, null],
    ['standalone Content Lab user', standalone, null],
    ['organisation admin', orgAdmin, workspacesOn],
    ['team admin without team', workspaceAdmin, workspacesOn],
    ['team admin with team', workspaceAdminWithTeam, workspacesOn],
    ['with a temporary password', temporaryPassword, workspacesOn],
    [
      'team admin with a temporary password',
      { ...workspaceAdmin, status: 'FORCE_CHANGE_PASSWORD' },
      workspacesOn,
    ],
    ['standalone with a temporary password', standaloneTemporaryPassword, null],
    ['unverified', unverifiedAdmin, workspacesOff],
  ];

  it.each(profiles)('settles every route within three steps for a user %s', (_, user, organization) => {
    for (const start of studioRoutes) {
      let route = start;
      let href = start.path;
      let steps = 0;
      for (;;) {
        const decision = guardNavigation({ route, href, redirect: null }, user, organization);
        if (decision.action === 'allow') break;
        steps += 1;
        expect(steps, `${start.path} keeps redirecting`).toBeLessThanOrEqual(3);
        href = decision.to;
        route = routeAt(href.split('?', 1)[0] ?? href);
      }
    }
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/videos', '/videos'],
    ['/videos?page=2#top', '/videos?page=2#top'],
    ['//example.com', null],
    ['/\\example.com', null],
    ['https://example.com', null],
    ['videos', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});
