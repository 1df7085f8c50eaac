import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sockets } from './fakeSocket';
import { fakeMediaQueryList } from './matchMedia';
import { resetAppState } from './resetApp';

// No real network in component tests: the realtime layer talks to a fake socket.
vi.mock('socket.io-client', async () => ({ io: (await import('./fakeSocket')).ioMock }));

// Lazy route chunks load (and are transformed) on first use: on a machine at load 10 the first
// screen of a file took over 4 s to appear. Async queries wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    // A plain function, not vi.fn: a test's vi.spyOn (a viewport) then makes a spy that restoreMocks
    // undoes, instead of changing this function's implementation for every later file.
    value: (query: string) => fakeMediaQueryList(query, false),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  sockets.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetAppState();
});
