import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* waits for lazy pages and antd on a busy 2-core machine: a ceiling, not a measure.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what antd's responsive helpers and observers use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

// jsdom lays nothing out (every box is 0 x 0): give each the window's size, as a page on a
// laptop screen has, so virtual lists render the rows such a screen shows.
for (const [property, size] of [
  ['clientHeight', () => window.innerHeight],
  ['clientWidth', () => window.innerWidth],
] as const) {
  Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get: size });
}

// jsdom does not compute pseudo-element styles; antd asks for them when measuring scrollbars.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
