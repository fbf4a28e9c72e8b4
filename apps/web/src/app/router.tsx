import {
  listAddressParams,
  NOT_FOUND_HREF,
  redirectHref,
  studioRedirects,
  studioRoutes,
  workspaceOfRoute,
  type StudioRoute,
  type WorkspaceKind,
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
import {
  extraRoutes,
  listAddressSchemas,
  pageComponent,
  shellLayout,
  workspaceLayout,
} from './route-pages.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * A list page's address is read through its domain schema: unknown or invalid values fall back,
 * defaults are left out and lists stay comma-separated, so the router writes back the same plain
 * address (`?source=UPLOAD,CLIP&page=2`) the page links to.
 */
function listAddressOptions(path: string) {
  const schema = listAddressSchemas[path];
  if (!schema) return {};
  const defaults = schema.parse({});
  return {
    validateSearch: (raw: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(listAddressParams(schema.parse(raw), defaults)).map(([key, value]) => [
          key,
          key === 'page' ? Number(value) : value,
        ]),
      ),
  };
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
    ...listAddressOptions(route.path),
    staticData: { studioRoute: route },
    component: pageComponent(route),
  });
  // The pages of an event, webinar, template, series or repeating event share their workspace's layout.
  const workspaceRoutes = new Map<WorkspaceKind, ReturnType<typeof workspaceRoute>>();
  const workspaceRoute = (kind: WorkspaceKind) =>
    createRoute({
      getParentRoute: () => shellRoute,
      id: `workspace-${kind}`,
      component: workspaceLayout,
      staticData: { workspaceKind: kind },
    });
  const parentOf = (route: StudioRoute) => {
    const kind = workspaceOfRoute(route.path)?.kind;
    if (!kind) return shellRoute;
    const found = workspaceRoutes.get(kind) ?? workspaceRoute(kind);
    workspaceRoutes.set(kind, found);
    return found;
  };
  const shellPages = [...studioRoutes, ...extraRoutes]
    .filter((route) => route.kind === 'shell')
    .map((route) => {
      const parent = parentOf(route);
      return {
        parent,
        page: createRoute({
          ...pageOptions(route),
          getParentRoute: () => parent,
          beforeLoad: ({ context, location }) => guardRoute(route, location, context.session),
        }),
      };
    });
  const childrenOf = (parent: unknown) =>
    shellPages.filter((entry) => entry.parent === parent).map((entry) => entry.page);
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
    shellRoute.addChildren([
      ...childrenOf(shellRoute),
      ...[...workspaceRoutes.values()].map((layout) => layout.addChildren(childrenOf(layout))),
    ]),
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
