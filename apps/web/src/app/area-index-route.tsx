import { redirectHref, studioRoutes } from '@studio/domain';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useStudioRoute } from '../ui/studio-route.ts';

/** The first page under a parent path that needs no other parameter. */
const firstPageUnder = (path: string) =>
  studioRoutes.find(
    (route) => route.path.startsWith(`${path}/`) && !route.path.slice(path.length).includes('$'),
  );

/**
 * A workspace area's own address (`…/registration`, `…/programs`, a webinar's `…/email`) holds no
 * page of its own: it opens the area's first page, as the workspace menu does.
 */
export function AreaIndexRoute() {
  const path = useStudioRoute()?.path ?? '';
  const params = useParams({
    strict: false,
    select: (all) => all as Readonly<Record<string, string>>,
  });
  const first = firstPageUnder(path);
  const href = first && redirectHref({ path, to: first.path }, params);
  const navigate = useNavigate();
  useEffect(() => {
    if (href) void navigate({ href, replace: true });
  }, [href, navigate]);
  return null;
}
