// Keyed resources: the one way the SDK reads from the API. State is kept per key, and the key is
// the request's parameters AND the calling element's API base, token and company, so two widgets
// for two companies (or two users) never share rows. Each entry has loading / error / data; an
// answer that is no longer the latest for its key is dropped (stale-answer guard); every entry of
// a token goes when that token signs out or expires. A company switch changes the key, so elements
// read, and fetch, another entry: nothing of the previous company is ever shown.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { errorMessage, errorStatus, isUnauthorized, type ApiConfig } from '../api/client';
import { apiOf, scopeKey, scopeOf, stableKey, tokenId, type Scope } from '../config/config';
import { sessionActions, tokenEnded } from '../session/slice';
import { injectMeta, type Injectable } from '../store/inject';
import { waiting } from './settle';

export type ResourceStatus = 'idle' | 'loading' | 'success' | 'error';

export interface ResourceEntry<P = unknown, D = unknown> {
  scope: Scope;
  params: P;
  status: ResourceStatus;
  /** The last answer for this key; kept while a refetch runs. */
  data: D | null;
  error: string | null;
  /** HTTP status of the failure (null: none, or no answer): a page tells "not found" (404) from an outage. */
  errorStatus?: number | null;
  /** Number of the latest fetch of this key; only its answer is stored. */
  request: number;
}

export interface ResourceState<P = unknown, D = unknown> {
  entries: Record<string, ResourceEntry<P, D>>;
  /** Survives resets, so an answer still in flight from before can never match a later fetch. */
  lastRequest: number;
}

export interface ResourceOptions<P, D> {
  /** Unique per page, e.g. 'home/overview'; the state lives at `resource/<name>`. */
  name: string;
  /** The request. Gets the calling element's ApiConfig; throws on failure. */
  fetch: (api: ApiConfig, params: P) => Promise<D>;
  /** Fetch a key once per page (reference lists): later fetches of a loaded key do nothing. */
  once?: boolean;
  /** The error text stored on failure; default the server's `message`. */
  errorText?: (error: unknown) => string;
}

export interface FetchRequest<P> {
  api: ApiConfig;
  params: P;
  /** Fetch even when the key is loaded (once) or on its way. */
  force?: boolean;
}

/** The key of one request: whom it is for (scope) and what it asks (params). */
export function resourceKey(api: ApiConfig, params: unknown): string {
  return `${scopeKey(api)}${stableKey(params ?? null)}`;
}

const IDLE: ResourceEntry<never, never> = Object.freeze({
  scope: { apiBase: '', tokenId: '', companyId: '' },
  params: undefined as never,
  status: 'idle',
  data: null,
  error: null,
  request: 0,
}) as ResourceEntry<never, never>;

export function createResource<P = void, D = unknown>(options: ResourceOptions<P, D>) {
  const reducerPath = `resource/${options.name}`;
  const initialState: ResourceState<P, D> = { entries: {}, lastRequest: 0 };
  // Filled in below; every action names it so dispatching one injects the domain.
  const unit = { reducerPath } as Injectable;
  const meta = () => injectMeta(unit);

  type Keyed = { key: string };
  const slice = createSlice({
    name: reducerPath,
    initialState: initialState as ResourceState,
    reducers: {
      fetch: {
        reducer() {},
        prepare: (r: FetchRequest<P>) => ({
          payload: { api: apiOf(r.api), params: r.params, force: r.force ?? false, key: resourceKey(r.api, r.params) },
          meta: meta(),
        }),
      },
      started: {
        reducer(state, action: PayloadAction<Keyed & { scope: Scope; params: unknown }>) {
          const { key, scope, params } = action.payload;
          const e = (state.entries[key] ??= { scope, params, status: 'idle', data: null, error: null, errorStatus: null, request: 0 });
          e.status = 'loading';
          e.error = null;
          e.errorStatus = null;
          e.request = ++state.lastRequest;
        },
        prepare: (p: Keyed & { scope: Scope; params: unknown }) => ({ payload: p, meta: meta() }),
      },
      loaded: {
        reducer(state, action: PayloadAction<Keyed & { request: number; data: unknown }>) {
          const e = waiting(state.entries, action.payload);
          if (!e) return;
          e.status = 'success';
          e.data = action.payload.data;
        },
        prepare: (p: Keyed & { request: number; data: D }) => ({ payload: p, meta: meta() }),
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
      /** Merge fields into a loaded entry (after a write whose result is known). */
      patch: {
        reducer(state, action: PayloadAction<Keyed & { data: Record<string, unknown> }>) {
          const e = state.entries[action.payload.key];
          if (e && e.data && typeof e.data === 'object') e.data = { ...(e.data as object), ...action.payload.data };
        },
        prepare: (r: { api: ApiConfig; params: P; data: Partial<D> }) => ({
          payload: { key: resourceKey(r.api, r.params), data: r.data as Record<string, unknown> },
          meta: meta(),
        }),
      },
    },
    extraReducers: (b) => {
      b.addMatcher(tokenEnded, (state, action: PayloadAction<{ tokenId: string }>) => {
        for (const [key, e] of Object.entries(state.entries)) if (e.scope.tokenId === action.payload.tokenId) delete state.entries[key];
      });
    },
  });
  const a = slice.actions;

  const selectState = (s: unknown): ResourceState<P, D> =>
    ((s as Record<string, ResourceState<P, D> | undefined>)[reducerPath] ?? initialState);
  const selectEntry = (s: unknown, key: string): ResourceEntry<P, D> => selectState(s).entries[key] ?? (IDLE as ResourceEntry<P, D>);
  const errorText = options.errorText ?? ((e: unknown) => errorMessage(e));

  function* fetchSaga(action: ReturnType<typeof a.fetch>) {
    const { api, params, key, force } = action.payload;
    const before: ResourceEntry<P, D> = yield select(selectEntry, key);
    if (!force && (before.status === 'loading' || (options.once && before.status === 'success'))) return;
    yield put(a.started({ key, scope: scopeOf(api), params }));
    const { request }: ResourceEntry<P, D> = yield select(selectEntry, key);
    try {
      const data: D = yield call(options.fetch, api, params as P);
      yield put(a.loaded({ key, request, data }));
    } catch (e) {
      if (isUnauthorized(e)) yield put(sessionActions.sessionExpired(tokenId(api.token)));
      yield put(a.failed({ key, request, error: errorText(e), errorStatus: errorStatus(e) }));
    }
  }

  function* saga() {
    yield takeEvery(a.fetch.type, fetchSaga);
  }

  return Object.assign(unit, {
    name: options.name,
    reducerPath,
    reducer: slice.reducer,
    saga,
    /** fetch: ask for a key (deduplicated); patch: merge fields into a loaded key. The rest are internal. */
    actions: a,
    keyOf: (api: ApiConfig, params: P) => resourceKey(api, params),
    selectState,
    selectEntry,
    /** The entry of (api, params); an idle entry when never fetched. */
    select: (s: unknown, api: ApiConfig, params: P) => selectEntry(s, resourceKey(api, params)),
    options,
  });
}

export type Resource<P = unknown, D = unknown> = ReturnType<typeof createResource<P, D>>;
