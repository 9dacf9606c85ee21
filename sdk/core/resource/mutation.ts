// Writes: the one helper for calls that change something. State per key (the element's scope plus
// an optional key of the caller's): pending / error / done, and how many runs succeeded. A run may
// follow up in a saga (onDone), e.g. patch a keyed resource with what was saved.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { Saga } from 'redux-saga';
import { errorMessage, errorStatus, isUnauthorized, type ApiConfig } from '../api/client';
import { apiOf, scopeKey, scopeOf, tokenId, type Scope } from '../config/config';
import { sessionActions, tokenEnded } from '../session/slice';
import { injectMeta, type Injectable } from '../store/inject';
import { waiting } from './settle';

export type MutationStatus = 'idle' | 'pending' | 'error' | 'done';

export interface MutationEntry<R = unknown> {
  scope: Scope;
  status: MutationStatus;
  error: string | null;
  /** HTTP status of the failure (null: none, or no answer): a form tells a refusal of what was typed (400) from an outage. */
  errorStatus: number | null;
  result: R | null;
  /** Successful runs so far: a form tells "saved again" from "still saved". */
  count: number;
  request: number;
}

export interface MutationState<R = unknown> {
  entries: Record<string, MutationEntry<R>>;
  lastRequest: number;
}

export interface MutationContext<A, R> {
  api: ApiConfig;
  args: A;
  result: R;
}

export interface MutationOptions<A, R> {
  /** Unique per page, e.g. 'account/save'; the state lives at `mutation/<name>`. */
  name: string;
  run: (api: ApiConfig, args: A) => Promise<R>;
  /** A saga run after success (update other state, tell the session). */
  onDone?: Saga<[MutationContext<A, R>]>;
  errorText?: (error: unknown) => string;
}

export interface RunRequest<A> {
  api: ApiConfig;
  args: A;
  /** Separates runs of one scope (e.g. two forms); default one entry per scope. */
  key?: string;
}

export function mutationKey(api: ApiConfig, key = ''): string {
  return `${scopeKey(api)}${JSON.stringify(key)}`;
}

const IDLE: MutationEntry<never> = Object.freeze({
  scope: { apiBase: '', tokenId: '', companyId: '' },
  status: 'idle',
  error: null,
  errorStatus: null,
  result: null,
  count: 0,
  request: 0,
}) as MutationEntry<never>;

export function createMutation<A = void, R = void>(options: MutationOptions<A, R>) {
  const reducerPath = `mutation/${options.name}`;
  const initialState: MutationState<R> = { entries: {}, lastRequest: 0 };
  const unit = { reducerPath } as Injectable;
  const meta = () => injectMeta(unit);
  type Keyed = { key: string };

  const slice = createSlice({
    name: reducerPath,
    initialState: initialState as MutationState,
    reducers: {
      run: {
        reducer(state, action: PayloadAction<Keyed & { api: ApiConfig; args: unknown }>) {
          const { key, api } = action.payload;
          const e = (state.entries[key] ??= { scope: scopeOf(api), status: 'idle', error: null, errorStatus: null, result: null, count: 0, request: 0 });
          e.status = 'pending';
          e.error = null;
          e.errorStatus = null;
          e.request = ++state.lastRequest;
        },
        prepare: (r: RunRequest<A>) => ({ payload: { api: apiOf(r.api), args: r.args as unknown, key: mutationKey(r.api, r.key) }, meta: meta() }),
      },
      done: {
        reducer(state, action: PayloadAction<Keyed & { request: number; result: unknown }>) {
          const e = waiting(state.entries, action.payload);
          if (!e) return;
          e.status = 'done';
          e.result = action.payload.result;
          e.count += 1;
        },
        prepare: (p: Keyed & { request: number; result: R }) => ({ payload: p, meta: meta() }),
      },
      failed: {
        reducer(state, action: PayloadAction<Keyed & { request: number; error: string; errorStatus?: number | null }>) {
          const e = waiting(state.entries, action.payload);
          if (!e) return;
          e.status = 'error';
          e.error = action.payload.error;
          e.errorStatus = action.payload.errorStatus ?? null;
        },
        prepare: (p: Keyed & { request: number; error: string; errorStatus?: number | null }) => ({ payload: p, meta: meta() }),
      },
      /** Back to idle (a fresh form must not greet with an earlier outcome). */
      reset: {
        reducer(state, action: PayloadAction<Keyed>) {
          delete state.entries[action.payload.key];
        },
        prepare: (r: { api: ApiConfig; key?: string }) => ({ payload: { key: mutationKey(r.api, r.key) }, meta: meta() }),
      },
    },
    extraReducers: (b) => {
      b.addMatcher(tokenEnded, (state, action: PayloadAction<{ tokenId: string }>) => {
        for (const [key, e] of Object.entries(state.entries)) if (e.scope.tokenId === action.payload.tokenId) delete state.entries[key];
      });
    },
  });
  const a = slice.actions;

  const selectState = (s: unknown): MutationState<R> =>
    ((s as Record<string, MutationState<R> | undefined>)[reducerPath] ?? initialState);
  const selectEntry = (s: unknown, key: string): MutationEntry<R> => selectState(s).entries[key] ?? (IDLE as MutationEntry<R>);
  const errorText = options.errorText ?? ((e: unknown) => errorMessage(e));

  function* runSaga(action: ReturnType<typeof a.run>) {
    const { api, args, key } = action.payload;
    const { request }: MutationEntry<R> = yield select(selectEntry, key);
    let result: R;
    try {
      result = yield call(options.run, api, args as A);
    } catch (e) {
      if (isUnauthorized(e)) yield put(sessionActions.sessionExpired(tokenId(api.token)));
      yield put(a.failed({ key, request, error: errorText(e), errorStatus: errorStatus(e) }));
      return;
    }
    yield put(a.done({ key, request, result }));
    if (options.onDone) yield call(options.onDone, { api, args: args as A, result });
  }

  function* saga() {
    yield takeEvery(a.run.type, runSaga);
  }

  return Object.assign(unit, {
    name: options.name,
    reducerPath,
    reducer: slice.reducer,
    saga,
    /** run: start a write; reset: forget its outcome. done / failed are internal. */
    actions: a,
    keyOf: mutationKey,
    selectState,
    selectEntry,
    select: (s: unknown, api: ApiConfig, key?: string) => selectEntry(s, mutationKey(api, key)),
  });
}

export type Mutation<A = unknown, R = unknown> = ReturnType<typeof createMutation<A, R>>;
