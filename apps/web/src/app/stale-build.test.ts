import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './stale-build.ts';

/** A window whose reload is counted; the session storage is jsdom's. */
function fakeWindow() {
  const target = new EventTarget() as unknown as Window;
  const reload = vi.fn();
  Object.assign(target, { sessionStorage: window.sessionStorage, location: { reload } });
  reloadOnStaleBuild(target);
  return { target, reload };
}

const chunkFails = (target: Window) =>
  target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));

describe('a tab left open across a deployment', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reloads to the new build when a chunk of its own is gone', () => {
    const { target, reload } = fakeWindow();
    expect(chunkFails(target)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again at once when the new build still misses it (no loop)', () => {
    const { target, reload } = fakeWindow();
    chunkFails(target);
    chunkFails(target);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
