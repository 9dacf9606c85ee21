// Shared set-up of the domain unit tests (vitest only; element tests use sdk/elements/test-utils.ts).
import { afterEach, beforeEach, expect } from 'vitest';
import { setTransport, type ApiConfig } from './api/client';
import { createGazeStore, type GazeStore } from './store/store';
import type { Resource } from './resource/resource';

/**
 * Every test starts signed out (empty storage) and gets the real transport back afterwards, so a
 * stub never leaks into the next test. Returns helpers bound to `apiBase`: `store()` is a fresh
 * store whose page default is that base; `api(token, company)` an element's config.
 */
export function useTestClient(apiBase = '/v1.0') {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    setTransport();
  });
  return {
    apiBase,
    store: (): GazeStore => createGazeStore({ defaults: { apiBase } }),
    api: (token: string | null = null, companyId: string | null = null): ApiConfig => ({ apiBase, token, companyId }),
  };
}

/** Polls until `probe` holds (sagas answer asynchronously); fails the test when it never does. */
export async function until(probe: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(probe()).toBe(true);
}

/** Fetches one key and waits for its answer; returns the entry. */
export async function load<P, D>(store: GazeStore, resource: Resource<P, D>, api: ApiConfig, params: P, force = false) {
  store.dispatch(resource.actions.fetch({ api, params, force }));
  await until(() => {
    const s = resource.select(store.getState(), api, params).status;
    return s === 'success' || s === 'error';
  });
  return resource.select(store.getState(), api, params);
}
