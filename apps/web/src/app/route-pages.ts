import { paths } from '@studio/domain';
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

// Each page is its own chunk, so the first screen loads only what it shows.
const loginPage = lazyRouteComponent(() => import('../features/auth/login-page.tsx'), 'LoginPage');

/** The pages built so far, by route path; the others show the placeholder page. */
export const builtPages: Readonly<Record<string, RouteComponent>> = {
  [paths.login]: loginPage,
  [paths.contentLabLogin]: loginPage,
  [paths.contentLabSignup]: lazyRouteComponent(
    () => import('../features/auth/signup-page.tsx'),
    'SignupPage',
  ),
  [paths.contentLabAlreadyLoggedIn]: lazyRouteComponent(
    () => import('../features/auth/already-logged-in-page.tsx'),
    'AlreadyLoggedInPage',
  ),
  [paths.createOrg]: lazyRouteComponent(
    () => import('../features/organization/create-organization-page.tsx'),
    'CreateOrganizationPage',
  ),
  [paths.orgHome]: lazyRouteComponent(() => import('../features/organization/home-page.tsx'), 'HomePage'),
  [paths.error]: lazyRouteComponent(() => import('../features/errors/error-page.tsx'), 'ErrorPage'),
};

/** The organisation shell; a signed-out visitor's first screen does without it. */
export const shellLayout = lazyRouteComponent(() => import('./shell-layout.tsx'), 'ShellLayout');

export const placeholderPage = lazyRouteComponent(
  () => import('../features/placeholder/placeholder-page.tsx'),
  'PlaceholderPage',
);
