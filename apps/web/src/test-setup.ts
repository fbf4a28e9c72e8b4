import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { Uppy } from '@uppy/core';
import { afterEach, vi } from 'vitest';
import { FakeHls } from './testing/fake-hls.ts';

// jsdom plays no media: every player gets the stand-in that records what it was asked to play.
vi.mock('hls.js/light', async () => ({ default: (await import('./testing/fake-hls.ts')).FakeHls }));

// Uppy checks whether the browser is online 3 s after it is made, on a timer it keeps no handle of:
// a test file that ends sooner has lost jsdom's window by then (an unhandled error that fails the
// run). Tests run online; there is nothing to check.
Uppy.prototype.updateOnlineStatus = () => undefined;

// jsdom lacks the media queries and observers Mantine's components ask for.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

globalThis.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom lays nothing out: the event app's windowed chat list gets a tall screen and its messages a
// height, so every row of a test's history renders (a test of the windowing sets its own sizes).
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList.contains('chat-scroll') ? 10_000 : 0;
  },
});
Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList.contains('chat-message') ? 40 : 0;
  },
});

// jsdom has no document.fonts, which the growing textareas listen to.
Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

// jsdom has no scrolling; Mantine's option lists scroll the selected option into view.
Element.prototype.scrollIntoView = () => undefined;

// The rich-text editor (ProseMirror) measures the selection and finds what is under a click.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null });
Range.prototype.getBoundingClientRect = () => new DOMRect();
document.elementFromPoint = () => null;

// findBy…/waitFor give up after 1 s by default. A file's first render also compiles its lazy
// route chunks, which on a loaded 2-core CI machine took over 5 s; waiting ends as soon as the
// element is there, so a longer limit only slows a test that fails.
configure({ asyncUtilTimeout: 15_000 });

// A worker's test files share their modules and jsdom's window (isolate: false), Mantine's toasts
// among them: each test ends with none shown, the real clock, what it stubbed or spied on (globals,
// window, document and navigator properties) restored, and the address at /. A helper module's own afterEach
// would run for the first file that loads it only: helpers use onTestFinished.
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  // What a test put on the navigator (clipboard, sendBeacon, mediaDevices: jsdom has none of its own).
  for (const name of Object.getOwnPropertyNames(navigator)) Reflect.deleteProperty(navigator, name);
  FakeHls.reset();
  localStorage.clear();
  sessionStorage.clear();
});
