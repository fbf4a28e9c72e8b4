import { NARROW_SCREEN_QUERY } from '../ui/narrow-screen.ts';

const testSetupMatchMedia = window.matchMedia.bind(window);

/** A phone: only the narrow-screen query matches until `onWideScreen` (call it after each test). */
export function onPhone() {
  window.matchMedia = (query: string) => ({
    ...testSetupMatchMedia(query),
    matches: query === NARROW_SCREEN_QUERY,
  });
}

/** The test set-up's screen again, on which no media query matches. */
export function onWideScreen() {
  window.matchMedia = testSetupMatchMedia;
}
