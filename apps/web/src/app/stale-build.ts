const RELOADED_AT = 'studio:stale-build-reload';
const RELOAD_AGAIN_AFTER_MS = 10_000;

/**
 * After a new deployment a tab still running the earlier build cannot load its chunks (they are
 * gone): Vite says so with `vite:preloadError`, and the tab reloads to the new build — once, not
 * in a loop when an asset is missing for another reason.
 */
export function reloadOnStaleBuild(target: Window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(target.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return;
    event.preventDefault();
    target.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    target.location.reload();
  });
}
