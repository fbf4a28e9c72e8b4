import {
  NOT_FOUND_HREF,
  redirectHref,
  studioRedirects,
  studioRoutes,
  type StudioRoute,
} from '@studio/domain';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { loadSession } from './load-session.ts';
import { RootLayout, RouteErrorPage, RoutePending } from './root-layout.tsx';
import { guardRoute } from './route-guard.ts';
import { builtPages, extraRoutes, placeholderPage, shellLayout } from './route-pages.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The whole route table of @studio/domain as one router; every page is guarded. */
export function createStudioRouter(queryClient: QueryClient, history?: RouterHistory) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    beforeLoad: async ({ context }) => ({ session: await loadSession(context.queryClient) }),
    component: RootLayout,
    errorComponent: RouteErrorPage,
    pendingComponent: RoutePending,
  });
  const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: shellLayout });

  const pageOptions = (route: StudioRoute) => ({
    path: route.path,
    staticData: { studioRoute: route },
    component: builtPages[route.path] ?? placeholderPage,
  });
  const shellPages = [...studioRoutes, ...extraRoutes]
    .filter((route) => route.kind === 'shell')
    .map((route) =>
      createRoute({
        ...pageOptions(route),
        getParentRoute: () => shellRoute,
        beforeLoad: ({ context, location }) => guardRoute(route, location, context.session),
      }),
    );
  const otherPages = studioRoutes
    .filter((route) => route.kind !== 'shell')
    .map((route) =>
      createRoute({
        ...pageOptions(route),
        getParentRoute: () => rootRoute,
        beforeLoad: ({ context, location }) => guardRoute(route, location, context.session),
      }),
    );
  const redirects = studioRedirects.map((target) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: target.path,
      beforeLoad: ({ params }) => redirect({ href: redirectHref(target, params), throw: true }),
    }),
  );
  const unknownPath = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    beforeLoad: () => redirect({ href: NOT_FOUND_HREF, throw: true }),
  });

  const routeTree = rootRoute.addChildren([
    shellRoute.addChildren(shellPages),
    ...otherPages,
    ...redirects,
    unknownPath,
  ]);
  return createRouter({ routeTree, context: { queryClient }, ...(history && { history }) });
}

export type StudioRouter = ReturnType<typeof createStudioRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: StudioRouter;
  }
}
