import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { onUnhandledRequest, server, takeUnexpectedRequests } from './network';

// Screens are lazy modules: their first import in a test run is transformed on demand, which can take
// more than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// The network edge (test/network.ts): a request no test answered fails as a network error in the app,
// and fails the test.
beforeAll(() => server.listen({ onUnhandledRequest }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  expect(takeUnexpectedRequests(), 'requests no handler of the test answered').toEqual([]);
});
afterAll(() => server.close());

// jsdom lacks a few browser APIs that Radix primitives use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};
