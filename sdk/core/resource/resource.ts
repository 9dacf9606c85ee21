// Keyed resources: the one way the SDK reads from the API. State is kept per key, and the key is
// the request's parameters AND the calling element's API base, token and company, so two widgets
// for two companies (or two users) never share rows. Each entry has loading / error / data; an
// answer that is no longer the latest for its key is dropped (stale-answer guard); every entry of
// a token goes when that token signs out or expires. A company switch changes the key, so elements
// read, and fetch, another entry: nothing of the previous company is ever shown.
//
// The store forgets and cancels (issue 40 item 2): elements subscribe to the keys they read
// (useResource); a key nobody reads any more is evicted RESOURCE_KEEP_MS later (a reader coming
// back within that time finds it), and its request still on its way is aborted (AbortController,
// through ApiConfig.signal) — an aborted request never shows as an error. A key fetched by a saga
// with no reader is evicted the same time after its answer.
import { createAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, select, takeEvery } from 'redux-saga/effects';
import { errorMessage, errorStatus, isUnauthorized, type ApiConfig } from '../api/client';
import { apiOf, scopeKey, scopeOf, stableKey, tokenId, type Scope } from '../config/config';
import { sessionActions } from '../session/slice';
import type { Injectable } from '../store/inject';
import { createKeyedSlice } from './keyed';

/**
 * How long an entry no element reads stays in the store: an element shown again soon (a tab
 * switched back, a report reopened) reads it without a request; after that its memory goes.
 * Documented in docs/architecture.md ("Reads and writes").
 */
export const RESOURCE_KEEP_MS = 60_000;
let keepMs = RESOURCE_KEEP_MS;
/** Tests only: a shorter keep time; no argument restores RESOURCE_KEEP_MS. */
export function setKeepTime(ms?: number): void {
  keepMs = ms ?? RESOURCE_KEEP_MS;
}

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
  /**
   * The request. Gets the calling element's ApiConfig with an AbortSignal: pass `api` on to
   * request() as it is, so an abandoned request is aborted. Throws on failure.
   */
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
  // Filled in below; every action names it so dispatching one injects the domain.
  const unit = { reducerPath } as Injectable;
  const k = createKeyedSlice<ResourceEntry<P, D>>(reducerPath, unit, {
    pending: 'loading',
    success: 'success',
    blank: ({ scope, params }) => ({ scope, params: params as P, status: 'idle', data: null, error: null, errorStatus: null, request: 0 }),
    succeed: (e, value) => {
      e.data = value as D;
    },
    // The last answer stays; without one the key is as if never asked.
    settleAborted: (e) => {
      e.status = e.data !== null ? 'success' : 'idle';
    },
  });
  const meta = k.meta;
  const t = (suffix: string) => `${reducerPath}/${suffix}`;

  const a = {
    /** Ask for a key (deduplicated while on its way; `once` keys fetched once). */
    fetch: createAction(t('fetch'), (r: FetchRequest<P>) => ({
      payload: { api: apiOf(r.api), params: r.params, force: r.force ?? false, key: resourceKey(r.api, r.params) },
      meta: meta(),
    })),
    /** An element reads the key (useResource, on mount and key change). */
    subscribe: createAction(t('subscribe'), (key: string) => ({ payload: { key }, meta: meta() })),
    /** An element stops reading the key (unmount, key change): the last one aborts and schedules eviction. */
    unsubscribe: createAction(t('unsubscribe'), (key: string) => ({ payload: { key }, meta: meta() })),
    /** Merge fields into a loaded entry (after a write whose result is known). */
    patch: (r: { api: ApiConfig; params: P; data: Partial<D> }) =>
      k.actions.patched({ key: resourceKey(r.api, r.params), field: 'data', data: r.data as Record<string, unknown> }),
    started: k.actions.started,
    loaded: (p: { key: string; request: number; data: D }) => k.actions.succeeded({ key: p.key, request: p.request, value: p.data }),
    failed: k.actions.failed,
    aborted: k.actions.aborted,
    evicted: k.actions.removed,
  };

  const selectState = k.selectState as (s: unknown) => ResourceState<P, D>;
  const selectEntry = (s: unknown, key: string): ResourceEntry<P, D> => selectState(s).entries[key] ?? (IDLE as ResourceEntry<P, D>);
  const errorText = options.errorText ?? ((e: unknown) => errorMessage(e));

  function* saga() {
    // Per store (the saga runs once per store): readers per key, the request on its way per key,
    // the eviction waiting per key.
    const readers = new Map<string, number>();
    const inflight = new Map<string, { request: number; task: Task }>();
    const evictions = new Map<string, Task>();

    function* stopEviction(key: string) {
      const pending = evictions.get(key);
      evictions.delete(key);
      if (pending) yield cancel(pending);
    }
    function* evictLater(key: string) {
      yield* stopEviction(key);
      const task: Task = yield fork(function* evict() {
        yield delay(keepMs);
        evictions.delete(key);
        if (!readers.get(key) && !inflight.has(key)) yield put(a.evicted({ key }));
      });
      evictions.set(key, task);
    }

    function* fetchOne(key: string, api: ApiConfig, params: P, request: number) {
      const controller = new AbortController();
      try {
        const data: D = yield call(options.fetch, { ...api, signal: controller.signal }, params);
        yield put(a.loaded({ key, request, data }));
      } catch (e) {
        if (controller.signal.aborted) return;
        if (isUnauthorized(e)) yield put(sessionActions.sessionExpired(tokenId(api.token)));
        yield put(a.failed({ key, request, error: errorText(e), errorStatus: errorStatus(e) }));
      } finally {
        const stopped: boolean = yield cancelled();
        if (stopped) {
          controller.abort();
          yield put(a.aborted({ key, request }));
        }
        if (inflight.get(key)?.request === request) inflight.delete(key);
        if (!readers.get(key) && !evictions.has(key)) yield* evictLater(key);
      }
    }

    yield takeEvery(a.fetch.type, function* onFetch(action: ReturnType<typeof a.fetch>) {
      const { api, params, key, force } = action.payload;
      const before: ResourceEntry<P, D> = yield select(selectEntry, key);
      if (!force && (before.status === 'loading' || (options.once && before.status === 'success'))) return;
      // A newer request of the key makes the older one's answer useless: stop it.
      const older = inflight.get(key);
      if (older) yield cancel(older.task);
      yield put(a.started({ key, scope: scopeOf(api), params }));
      const { request }: ResourceEntry<P, D> = yield select(selectEntry, key);
      const task: Task = yield fork(fetchOne, key, api, params as P, request);
      if (task.isRunning()) inflight.set(key, { request, task });
    });

    yield takeEvery(a.subscribe.type, function* onSubscribe(action: ReturnType<typeof a.subscribe>) {
      const { key } = action.payload;
      readers.set(key, (readers.get(key) ?? 0) + 1);
      yield* stopEviction(key);
    });

    yield takeEvery(a.unsubscribe.type, function* onUnsubscribe(action: ReturnType<typeof a.unsubscribe>) {
      const { key } = action.payload;
      const left = (readers.get(key) ?? 1) - 1;
      if (left > 0) {
        readers.set(key, left);
        return;
      }
      readers.delete(key);
      const running = inflight.get(key);
      if (running) yield cancel(running.task);
      yield* evictLater(key);
    });
  }

  return Object.assign(unit, {
    name: options.name,
    reducerPath,
    reducer: k.reducer,
    saga,
    /** fetch: ask for a key; subscribe / unsubscribe: an element reads it or stops; patch: merge fields into a loaded key. The rest are internal. */
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
