import type { CurrentUser, Organization } from '../identity.ts';
import { paths, type StudioRoute } from './routes.ts';

export interface NavigationRequest {
  route: Pick<StudioRoute, 'path' | 'kind' | 'requiresSignIn'>;
  /** The path and query the visitor asked for, e.g. `/videos?page=2`. */
  href: string;
  /** The `redirect` query parameter of the request, if any. */
  redirect: string | null;
}

export type GuardUser = Pick<
  CurrentUser,
  'organization' | 'role' | 'workspaces' | 'status' | 'email_verified' | 'is_content_lab_standalone'
>;
export type GuardOrganization = Pick<Organization, 'is_workspace_enabled'>;

export type NavigationDecision = { action: 'allow' } | { action: 'redirect'; to: string };

const allow: NavigationDecision = { action: 'allow' };
const redirectTo = (to: string): NavigationDecision => ({ action: 'redirect', to });

/** A `redirect` query value the studio may follow: a path of this site, never another origin. */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The Login page that brings the visitor back to `href` after signing in. */
export function loginHref(href: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(href)}`;
}

/** External (set a new password), then on to `href` when there is a way back. */
export function externalHref(href: string | null): string {
  return href ? `${paths.external}?redirect=${encodeURIComponent(href)}` : paths.external;
}

/** Spec 001 §4: a temporary password must be replaced before anything else. */
export const mustChangePassword = (user: Pick<CurrentUser, 'status'>): boolean =>
  user.status === 'FORCE_CHANGE_PASSWORD';

/** Pages anyone may open whatever their state: shared and attendee pages, and the sign-in hand-offs. */
const isOpenToAnyone = (route: NavigationRequest['route']) =>
  route.kind === 'shared' || route.kind === 'public' || route.kind === 'sign-in-handoff';

/**
 * Spec 001 §2.4 and §6: where a navigation may go. Applied again to every redirect target, so
 * each rule only names its next step.
 */
export function guardNavigation(
  request: NavigationRequest,
  user: GuardUser | null,
  organization: GuardOrganization | null,
): NavigationDecision {
  const { route } = request;
  if (!user) return route.requiresSignIn ? redirectTo(loginHref(request.href)) : allow;

  // External stays open while the password must change; afterwards it is an ordinary sign-in page.
  if (route.path === paths.external && mustChangePassword(user)) return allow;
  // A member of an organisation with a temporary password is sent to External from everywhere
  // else; a standalone Content Lab user gets the forced dialog in the content lab instead.
  if (mustChangePassword(user) && user.organization && !isOpenToAnyone(route)) {
    return redirectTo(
      externalHref(route.requiresSignIn ? request.href : safeRedirectTarget(request.redirect)),
    );
  }
  // The code of a sign-up may be entered while signed in, until the address is confirmed.
  if (route.path === paths.confirmSignup && !user.email_verified) return allow;

  const isSignInPage =
    (route.kind === 'sign-in' || route.kind === 'content-lab-auth') && !route.requiresSignIn;
  if (isSignInPage) return redirectTo(safeRedirectTarget(request.redirect) ?? paths.orgHome);

  const isOrganizationEntry =
    route.path === paths.contentLabAlreadyLoggedIn || route.path === paths.createOrg;
  if (!user.organization) {
    // Public pages stay open to everyone; signed-in pages are closed to users without an organisation,
    // except the content lab to a standalone Content Lab user (their personal space).
    const isOwnContentLab = user.is_content_lab_standalone && route.kind === 'content-lab';
    return route.requiresSignIn && !isOrganizationEntry && !isOwnContentLab
      ? redirectTo(paths.contentLabAlreadyLoggedIn)
      : allow;
  }
  if (isOrganizationEntry) return redirectTo(paths.orgHome);

  if (user.role === 'WORKSPACE_ADMIN') {
    const hasNoWorkspace = organization?.is_workspace_enabled === true && user.workspaces.length === 0;
    if (hasNoWorkspace && route.requiresSignIn && route.path !== paths.noWorkspace) {
      return redirectTo(paths.noWorkspace);
    }
    if (route.path === paths.apiTokens) return redirectTo(paths.orgHome);
  }
  return allow;
}
