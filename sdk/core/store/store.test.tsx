import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Provider, useSelector } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { createGazeStore, getStore, resetStore } from './store';
import { GazeProvider, useGazeSelector } from './context';
import { useResource } from '../resource/hooks';
import { homeOverview } from '../home/overview';
import { stubHttp } from '../api/test-transport';
import { useTestClient } from '../test-utils';

describe('store', () => {
  useTestClient();

  it('getStore() is one store per page', () => {
    resetStore();
    expect(getStore()).toBe(getStore());
    const first = getStore();
    resetStore();
    expect(getStore()).not.toBe(first);
  });

  it('starts with the session and page defaults only; a domain is injected on first use, once', () => {
    stubHttp(() => ({ data: {} }));
    const store = createGazeStore({ defaults: { apiBase: '/v1.0' } });
    expect(Object.keys(store.getState()).sort()).toEqual(['config', 'session']);
    expect(store.hasDomain(homeOverview.reducerPath)).toBe(false);
    function Home() {
      useResource(homeOverview, undefined);
      return null;
    }
    render(
      <GazeProvider store={store}>
        <Home />
        <Home />
      </GazeProvider>,
    );
    expect(store.hasDomain(homeOverview.reducerPath)).toBe(true);
    expect(Object.keys(store.getState())).toContain(homeOverview.reducerPath);
  });

  it("dispatching a domain's action injects that domain (hosts may drive a domain directly)", () => {
    const store = createGazeStore();
    stubHttp(() => ({ data: {} }));
    store.dispatch(homeOverview.actions.fetch({ api: { apiBase: '/v1.0', token: 't', companyId: null }, params: undefined }));
    expect(store.hasDomain(homeOverview.reducerPath)).toBe(true);
    expect(homeOverview.select(store.getState(), { apiBase: '/v1.0', token: 't', companyId: null }, undefined).status).toBe('loading');
  });

  it('the private context never clashes with a host Redux Provider', () => {
    resetStore();
    const host = configureStore({ reducer: { hostThing: () => 'host value' } });
    let inner: unknown;
    let hostSeen: unknown;
    function Probe() {
      inner = useGazeSelector((s) => Object.keys(s).includes('session'));
      hostSeen = useSelector((s: { hostThing: string }) => s.hostThing);
      return null;
    }
    render(
      <Provider store={host}>
        <GazeProvider>
          <Probe />
        </GazeProvider>
      </Provider>,
    );
    expect(inner).toBe(true);
    expect(hostSeen).toBe('host value');
  });
});
