import type { RouteOptions } from 'fastify';

export interface StudioRoute {
  method: string;
  url: string;
  /** Declared public (`schema.security: []`, as in the OpenAPI document). */
  isPublic: boolean;
  /** The route's schemas as declared (zod, from `packages/domain`). */
  schema: RouteOptions['schema'];
}

/** The studio's API routes: not its docs (static) nor the SPA's wildcard (no data). */
const isStudioApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Collects a studio's routes as it registers them (`fileStudio({ onRoute })`, or the attendee
 * site's with `onAttendeeRoute`), so a test that calls every route covers a new one without being
 * touched; `routes()` answers each route `kept` once (HEAD mirrors GET).
 */
export function studioRoutes(kept: (url: string) => boolean = isStudioApi) {
  const collected: StudioRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    const security = (route.schema as { security?: unknown } | undefined)?.security;
    for (const method of [route.method].flat()) {
      collected.push({
        method,
        url: route.url,
        isPublic: Array.isArray(security) && security.length === 0,
        schema: route.schema,
      });
    }
  };
  const routes = (): StudioRoute[] => {
    const seen = new Set<string>();
    return collected.filter((route) => {
      const key = `${route.method} ${route.url}`;
      if (route.method === 'HEAD' || !kept(route.url) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  return { onRoute, routes };
}
