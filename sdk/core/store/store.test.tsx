import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Provider, useSelector } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { createGazeStore, getStore, resetStore } from './store';
import { reducers, sagas } from './domains';
import { GazeProvider, useGazeSelector } from './context';

describe('store', () => {
  it('getStore() is one store per page', () => {
    resetStore();
    expect(getStore()).toBe(getStore());
    const first = getStore();
    resetStore();
    expect(getStore()).not.toBe(first);
  });

  it('every registered domain has a reducer slot and a saga', () => {
    const state = createGazeStore().getState();
    expect(Object.keys(state).sort()).toEqual(Object.keys(reducers).sort());
    expect(sagas.length).toBe(Object.keys(reducers).length);
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
