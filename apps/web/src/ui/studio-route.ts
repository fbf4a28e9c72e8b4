import type { StudioRoute } from '@studio/domain';
import { useMatches } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route table entry a page was built from. */
    studioRoute?: StudioRoute;
  }
}

/** The route table entry of the page on screen, or undefined while none has resolved. */
export function useStudioRoute(): StudioRoute | undefined {
  return useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.studioRoute)?.staticData.studioRoute,
  });
}
