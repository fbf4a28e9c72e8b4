import { paths, type StudioRoute } from './routes.ts';

export interface NavigationEffects {
  /** Forget the current event, the analytics group token and local branding changes. */
  resetEventState: boolean;
  /** The path to remember in session storage, when this navigation enters the content lab. */
  pathBeforeContentLab: string | null;
}

const isContentLabPath = (href: string) => href === '/content' || /^\/content[/?#]/.test(href);

/** Spec 001 §2.4: what a completed navigation from `fromHref` to `to` changes. */
export function navigationEffects(
  fromHref: string | undefined,
  to: Pick<StudioRoute, 'path' | 'kind'>,
): NavigationEffects {
  const entersContentLab = to.kind === 'content-lab' && fromHref !== undefined && !isContentLabPath(fromHref);
  return {
    resetEventState: to.path === paths.events || to.path === paths.orgHome,
    pathBeforeContentLab: entersContentLab ? fromHref : null,
  };
}
