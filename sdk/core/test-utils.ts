// Shared set-up of the domain unit tests (vitest only; element tests use sdk/elements/test-utils.ts).
import { afterEach, beforeEach, expect } from 'vitest';
import { configure, resetCredentials, setTransport } from './api/client';

/**
 * Every test starts signed out (empty storage, no explicit token or company) against `apiBase`,
 * and gets the real transport back afterwards, so a stub never leaks into the next test.
 */
export function useTestClient(apiBase = '/v1.0'): void {
  beforeEach(() => {
    localStorage.clear();
    resetCredentials();
    configure({ apiBase });
  });
  afterEach(() => {
    setTransport();
  });
}

/** Polls until `probe` holds (sagas answer asynchronously); fails the test when it never does. */
export async function until(probe: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(probe()).toBe(true);
}
