import { navigationEffects } from '@studio/domain';
import type { AnyRouter } from '@tanstack/react-router';
import { PATH_BEFORE_CONTENT_LAB_KEY } from '../session/end-session.ts';
import { resetEventState } from '../session/studio-state.ts';
import { trackPageView } from './page-views.ts';

/** Applies spec 001 §2.4's side effects after each completed navigation; returns the unsubscribe. */
export function followNavigationEffects(router: AnyRouter): () => void {
  return router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
    const route = router.state.matches.findLast((match) => match.staticData.studioRoute)?.staticData
      .studioRoute;
    if (!route) return;
    const effects = navigationEffects(fromLocation?.href, route);
    if (effects.resetEventState) resetEventState();
    if (effects.pathBeforeContentLab)
      sessionStorage.setItem(PATH_BEFORE_CONTENT_LAB_KEY, effects.pathBeforeContentLab);
    trackPageView({ href: toLocation.href, title: route.title, at: Date.now() });
  });
}
