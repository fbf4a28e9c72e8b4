import { cleanup, configure } from '@testing-library/react';
import { Uppy } from '@uppy/core';
import { afterEach } from 'vitest';

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

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
