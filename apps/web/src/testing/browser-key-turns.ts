import { flushSync } from 'react-dom';
import { afterEach } from 'vitest';

const ACT = 'IS_REACT_ACT_ENVIRONMENT';

/**
 * Tests only: a browser renders React's updates between two window listeners of one key press (a
 * microtask checkpoint after each), jsdom's dispatch within `act` does not. From the call on,
 * window keydown listeners render what they set at once, as a browser would; `pressKey` presses a
 * key on the focused element outside `act`, so that a dialog opened by the press is seen by the
 * later listeners of that same press.
 */
export function renderBetweenKeyListeners() {
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  const wrapped = new WeakMap<object, EventListener>();
  const wrap = (type: string, listener: EventListenerOrEventListenerObject) => {
    if (type !== 'keydown' || typeof listener !== 'function') return listener;
    let turn = wrapped.get(listener);
    if (!turn) {
      turn = (event: Event) => flushSync(() => listener(event));
      wrapped.set(listener, turn);
    }
    return turn;
  };
  window.addEventListener = (
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) => add(type, wrap(type, listener), options);
  window.removeEventListener = (
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ) => remove(type, wrap(type, listener), options);
  afterEach(() => {
    // The window's own methods again (those of its prototype).
    Reflect.deleteProperty(window, 'addEventListener');
    Reflect.deleteProperty(window, 'removeEventListener');
  });
  return {
    pressKey: (key: string) => {
      const scope = globalThis as Record<string, unknown>;
      const before = scope[ACT];
      scope[ACT] = false;
      try {
        (document.activeElement ?? document.body).dispatchEvent(
          new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
        );
      } finally {
        scope[ACT] = before;
      }
    },
  };
}
