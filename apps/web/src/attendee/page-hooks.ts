import { PAGE_HOOK_FUNCTIONS, PAGE_HOOKS_GLOBAL, type PageHookArea } from '@studio/domain';

type PageHooks = Partial<Record<string, (...parameters: unknown[]) => unknown>>;

/**
 * Calls the organiser's hook of this page (the server put it on `window.__studioHooks`), with the
 * spec's parameters (002 §5.9); a page without that hook does nothing, and a hook that throws
 * breaks nothing of ours.
 */
export function runPageHook(area: PageHookArea, ...parameters: unknown[]): void {
  const hooks = (window as unknown as Record<string, PageHooks | undefined>)[PAGE_HOOKS_GLOBAL];
  const hook = hooks?.[PAGE_HOOK_FUNCTIONS[area]];
  if (typeof hook !== 'function') return;
  try {
    hook(...parameters);
  } catch (error) {
    console.error(error);
  }
}
