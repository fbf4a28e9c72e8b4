import { guardNavigation, type StudioRoute } from '@studio/domain';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { Session } from './load-session.ts';

/** beforeLoad of every page: follows the navigation guard's decision. */
export function guardRoute(route: StudioRoute, location: ParsedLocation, session: Session | null): void {
  const decision = guardNavigation(
    { route, href: location.href, redirect: new URLSearchParams(location.searchStr).get('redirect') },
    session?.user ?? null,
    session?.organization ?? null,
  );
  if (decision.action === 'redirect') redirect({ href: decision.to, throw: true });
}
