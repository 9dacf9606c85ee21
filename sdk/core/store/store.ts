// One store per page (module singleton), shared by every element on it.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { reducers, sagas } from './domains';
import { setSessionExpiredHandler } from '../api/client';
import { sessionActions } from '../session/slice';

const rootReducer = combineReducers(reducers);
export type RootState = ReturnType<typeof rootReducer>;

function* rootSaga() {
  yield all(sagas.map((saga) => fork(saga)));
}

export function createGazeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type GazeStore = ReturnType<typeof createGazeStore>;
export type GazeDispatch = GazeStore['dispatch'];

let store: GazeStore | null = null;

export function getStore(): GazeStore {
  if (!store) {
    store = createGazeStore();
    const s = store;
    setSessionExpiredHandler(() => s.dispatch(sessionActions.sessionExpired()));
  }
  return store;
}

/** Tests only: drop the page store so the next getStore() starts fresh (from current storage). */
export function resetStore(): void {
  store = null;
  setSessionExpiredHandler(null);
}
