// Writes: the one helper for calls that change something. State per key (the element's scope plus
// an optional key of the caller's): pending / error / done, and how many runs succeeded. A run may
// follow up in a saga (onDone), e.g. patch a keyed resource with what was saved. The reducer is
// the keyed resources' (keyed.ts); a write is never aborted (a save the user asked for finishes
// even when its form goes away) and its entry goes on reset or sign-out.
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { Saga } from 'redux-saga';
import { errorMessage, errorStatus, isUnauthorized, type ApiConfig } from '../api/client';
import { apiOf, scopeKey, scopeOf, tokenId, type Scope } from '../config/config';
import { sessionActions } from '../session/slice';
import type { Injectable } from '../store/inject';
import { createKeyedSlice, type StartPayload } from './keyed';

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
  const unit = { reducerPath } as Injectable;
  const k = createKeyedSlice<MutationEntry<R>>(reducerPath, unit, {
    pending: 'pending',
    success: 'done',
    blank: ({ scope }) => ({ scope, status: 'idle', error: null, errorStatus: null, result: null, count: 0, request: 0 }),
    succeed: (e, value) => {
      e.result = value as R;
      e.count += 1;
    },
  });
  type Started = StartPayload & { api: ApiConfig };

  const a = {
    /** Start a write: the entry is pending at once (a form disables its button in the same render). */
    run: (r: RunRequest<A>) => {
      const api = apiOf(r.api);
      return k.actions.started({ key: mutationKey(r.api, r.key), scope: scopeOf(api), params: r.args as unknown, api } as Started);
    },
    /** Back to idle (a fresh form must not greet with an earlier outcome). */
    reset: (r: { api: ApiConfig; key?: string }) => k.actions.removed({ key: mutationKey(r.api, r.key) }),
    done: (p: { key: string; request: number; result: R }) => k.actions.succeeded({ key: p.key, request: p.request, value: p.result }),
    failed: k.actions.failed,
  };

  const selectState = k.selectState as (s: unknown) => MutationState<R>;
  const selectEntry = (s: unknown, key: string): MutationEntry<R> => selectState(s).entries[key] ?? (IDLE as MutationEntry<R>);
  const errorText = options.errorText ?? ((e: unknown) => errorMessage(e));

  function* runSaga(action: PayloadAction<Started>) {
    const { api, params, key } = action.payload;
    const args = params as A;
    const { request }: MutationEntry<R> = yield select(selectEntry, key);
    let result: R;
    try {
      result = yield call(options.run, api, args);
    } catch (e) {
      if (isUnauthorized(e)) yield put(sessionActions.sessionExpired(tokenId(api.token)));
      yield put(a.failed({ key, request, error: errorText(e), errorStatus: errorStatus(e) }));
      return;
    }
    yield put(a.done({ key, request, result }));
    if (options.onDone) yield call(options.onDone, { api, args, result });
  }

  function* saga() {
    yield takeEvery(k.actions.started.type, runSaga);
  }

  return Object.assign(unit, {
    name: options.name,
    reducerPath,
    reducer: k.reducer,
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
