// The one reducer of keyed reads (resources) and writes (mutations) (issue 40 item 2): state per
// key with a request number, settled only by the answer to its latest request (the stale-answer
// guard, settle.ts), dropped with its token, removed on eviction or reset. A resource and a
// mutation differ only in their words for "on its way" / "succeeded", what a fresh entry holds and
// what success stores; each passes those in, the reducers are this file's.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Scope } from '../config/config';
import { tokenEnded } from '../session/slice';
import { injectMeta, type Injectable } from '../store/inject';
import { waiting } from './settle';

/** What both kinds of entry hold. */
export interface KeyedEntry {
  scope: Scope;
  status: string;
  error: string | null;
  errorStatus?: number | null;
  /** Number of the latest request of this key; only its answer settles the entry. */
  request: number;
}

export interface KeyedState<E extends KeyedEntry = KeyedEntry> {
  entries: Record<string, E>;
  /** Survives resets and evictions, so an answer still in flight can never match a later request. */
  lastRequest: number;
}

type Keyed = { key: string };
export type StartPayload = Keyed & { scope: Scope; params?: unknown };
export type SettlePayload = Keyed & { request: number; value: unknown };
export type FailPayload = Keyed & { request: number; error: string; errorStatus?: number | null };

export interface KeyedKind<E extends KeyedEntry> {
  /** The status while a request is on its way ('loading' / 'pending'). */
  pending: E['status'];
  /** The status after success ('success' / 'done'). */
  success: E['status'];
  /** A fresh entry for a key first started. */
  blank: (p: StartPayload) => E;
  /** Stores a successful answer into the entry. */
  succeed: (entry: E, value: unknown) => void;
  /**
   * An aborted request (its last reader went away): back to how the entry was before, never an
   * error. Resources only; a write is never aborted.
   */
  settleAborted?: (entry: E) => void;
}

/**
 * One slice for a resource or a mutation at `reducerPath`. `unit` is the Injectable every action
 * names in its meta, so dispatching any of them injects the domain first.
 */
export function createKeyedSlice<E extends KeyedEntry>(reducerPath: string, unit: Injectable, kind: KeyedKind<E>) {
  const meta = () => injectMeta(unit);
  const initialState: KeyedState = { entries: {}, lastRequest: 0 };
  const slice = createSlice({
    name: reducerPath,
    initialState,
    reducers: {
      /** A request of the key starts: the entry is on its way and takes the next request number. */
      started: {
        reducer(state, action: PayloadAction<StartPayload>) {
          const e = (state.entries[action.payload.key] ??= kind.blank(action.payload));
          e.status = kind.pending;
          e.error = null;
          e.errorStatus = null;
          e.request = ++state.lastRequest;
        },
        prepare: (p: StartPayload) => ({ payload: p, meta: meta() }),
      },
      succeeded: {
        reducer(state, action: PayloadAction<SettlePayload>) {
          const e = waiting(state.entries, action.payload);
          if (!e) return;
          e.status = kind.success;
          kind.succeed(e as E, action.payload.value);
        },
        prepare: (p: SettlePayload) => ({ payload: p, meta: meta() }),
      },
      failed: {
        reducer(state, action: PayloadAction<FailPayload>) {
          const e = waiting(state.entries, action.payload);
          if (!e) return;
          e.status = 'error';
          e.error = action.payload.error;
          e.errorStatus = action.payload.errorStatus ?? null;
        },
        prepare: (p: FailPayload) => ({ payload: p, meta: meta() }),
      },
      aborted: {
        reducer(state, action: PayloadAction<Keyed & { request: number }>) {
          const e = waiting(state.entries, action.payload);
          if (e && kind.settleAborted) kind.settleAborted(e as E);
        },
        prepare: (p: Keyed & { request: number }) => ({ payload: p, meta: meta() }),
      },
      /** The key is forgotten (evicted, or a form reset): an answer still on its way finds no entry. */
      removed: {
        reducer(state, action: PayloadAction<Keyed>) {
          delete state.entries[action.payload.key];
        },
        prepare: (p: Keyed) => ({ payload: p, meta: meta() }),
      },
      /** Merge fields into a loaded entry's `field` (after a write whose result is known). */
      patched: {
        reducer(state, action: PayloadAction<Keyed & { field: string; data: Record<string, unknown> }>) {
          const e = state.entries[action.payload.key] as unknown as Record<string, unknown> | undefined;
          const cur = e?.[action.payload.field];
          if (e && cur && typeof cur === 'object') e[action.payload.field] = { ...(cur as object), ...action.payload.data };
        },
        prepare: (p: Keyed & { field: string; data: Record<string, unknown> }) => ({ payload: p, meta: meta() }),
      },
    },
    extraReducers: (b) => {
      b.addMatcher(tokenEnded, (state, action: PayloadAction<{ tokenId: string }>) => {
        for (const [key, e] of Object.entries(state.entries)) if (e.scope.tokenId === action.payload.tokenId) delete state.entries[key];
      });
    },
  });
  const selectState = (s: unknown): KeyedState<E> =>
    ((s as Record<string, KeyedState<E> | undefined>)[reducerPath] ?? (initialState as KeyedState<E>));
  return { slice, actions: slice.actions, reducer: slice.reducer, selectState, meta };
}
