// One store per page (getStore), shared by every element on it. It starts with the session and the
// page defaults only; every other domain is injected when an element first uses it (useResource,
// useMutation, useDomain) or when an action of that domain is dispatched (its meta names it).
import { combineSlices, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { sessionSlice, type SessionState } from '../session/slice';
import sessionSaga from '../session/saga';
import { configSlice, configActions, type ConfigState } from '../config/slice';
import type { ConfigLayer } from '../config/config';
import { INJECT_META, isInjectable, type Injectable } from './inject';

type BaseState = { session: SessionState; config: ConfigState };

/** The session and page defaults, plus whatever domains are injected (each reads its own path). */
export type RootState = BaseState & { readonly [reducerPath: string]: unknown };

export interface CreateStoreOptions {
  /** Page defaults, as configure() would set them. */
  defaults?: ConfigLayer;
}

export function createGazeStore(options: CreateStoreOptions = {}) {
  const rootReducer = combineSlices(sessionSlice, configSlice);
  const sagaMiddleware = createSagaMiddleware();
  const injected = new Set<string>();

  const inject = (unit: Injectable): void => {
    if (injected.has(unit.reducerPath)) return;
    injected.add(unit.reducerPath);
    rootReducer.inject({ reducerPath: unit.reducerPath, reducer: unit.reducer });
    // Started before the action that caused the injection reaches the saga middleware, so the
    // new domain's saga sees that action too.
    if (unit.saga) sagaMiddleware.run(unit.saga);
  };

  const injectOnDemand: Middleware = () => (next) => (action) => {
    const unit = (action as UnknownAction & { meta?: Record<string, unknown> }).meta?.[INJECT_META];
    if (isInjectable(unit)) inject(unit);
    return next(action);
  };

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: { ignoredActionPaths: [`meta.${INJECT_META}`] } })
        .prepend(injectOnDemand)
        .concat(sagaMiddleware),
  });
  sagaMiddleware.run(sessionSaga);
  if (options.defaults) store.dispatch(configActions.configure(options.defaults));

  return Object.assign(store, {
    /** Takes in domains (idempotent); hooks call it during render, before they select. */
    inject(...units: Injectable[]): void {
      units.forEach(inject);
    },
    /** Whether a domain is in this store (tests, diagnostics). */
    hasDomain(reducerPath: string): boolean {
      return injected.has(reducerPath);
    },
    getState: store.getState as () => RootState,
  });
}

export type GazeStore = ReturnType<typeof createGazeStore>;
export type GazeDispatch = GazeStore['dispatch'];

let store: GazeStore | null = null;

export function getStore(): GazeStore {
  return (store ??= createGazeStore());
}

/** Tests only: drop the page store so the next getStore() starts fresh (from current storage). */
export function resetStore(): void {
  store = null;
}
