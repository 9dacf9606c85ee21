// React side of keyed resources and writes: an element names the resource and its parameters;
// its own config (core/config, from React context) completes the key and goes with the request.
import { useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { ApiConfig } from '../api/client';
import { apiOf, scopeKey } from '../config/config';
import { ElementFailureContext, useElementConfig, useGazeDispatch, useGazeSelector, useGazeStore } from '../store/context';
import type { Injectable } from '../store/inject';
import type { Resource, ResourceEntry, ResourceStatus } from './resource';
import type { Mutation, MutationEntry } from './mutation';

/** Injects domains into the page store before anything below selects from them (idempotent). */
export function useDomain(...units: Injectable[]): void {
  const store = useGazeStore();
  store.inject(...units);
}

/** The calling element's API config (a stable object while its values stay the same). */
export function useApi(): ApiConfig {
  const c = useElementConfig();
  return useMemo(() => apiOf(c), [c.apiBase, c.token, c.companyId]);
}

export interface ResourceView<D> {
  status: ResourceStatus;
  data: D | null;
  error: string | null;
  /** HTTP status of the failure, null when none: 404 is "not found", not an outage. */
  errorStatus: number | null;
  /** Loading this key, or not fetched yet. */
  loading: boolean;
  /** The data shown is an earlier key's (keepPrevious) while this key loads. */
  previous: boolean;
  key: string;
  refetch: () => void;
  entry: ResourceEntry<unknown, D>;
}

export interface UseResourceOptions {
  /** false: do not fetch (yet), e.g. until a required attribute is set. Default true. */
  enabled?: boolean;
  /**
   * Show the last data of this element's earlier key while a new key loads (a table keeps its
   * old rows under a loading overlay). Never across scopes: another company's or user's rows are
   * never shown.
   */
  keepPrevious?: boolean;
}

/**
 * Tells the element's host once per failure (the `gaze-error` event): when the status turns to
 * error, not on every render while it stays there.
 */
function useReportFailure(kind: 'read' | 'write', failed: boolean, message: string | null, status: number | null): void {
  const report = useContext(ElementFailureContext);
  const was = useRef(false);
  useEffect(() => {
    if (failed && !was.current && report) report({ kind, status, message: message ?? 'Request failed' });
    was.current = failed;
  }, [failed, report, kind, message, status]);
}

/**
 * Reads a keyed resource for the calling element, fetching when the key (params or config)
 * changes; the element counts as a reader of the key while mounted with it (resource.ts).
 */
export function useResource<P, D>(resource: Resource<P, D>, params: P, options: UseResourceOptions = {}): ResourceView<D> {
  const { enabled = true, keepPrevious = false } = options;
  useDomain(resource);
  const api = useApi();
  const dispatch = useGazeDispatch();
  const key = resource.keyOf(api, params);
  const entry = useGazeSelector((s) => resource.selectEntry(s, key)) as ResourceEntry<unknown, D>;

  // The key captures params and config; the effect needs their current values, not their identities.
  const latest = useRef({ api, params });
  latest.current = { api, params };
  // The element reads this key while mounted with it: leaving (unmount, another key) lets the
  // store abort its request and evict it after the keep time when no other element reads it.
  useEffect(() => {
    if (!enabled) return undefined;
    dispatch(resource.actions.subscribe(key));
    dispatch(resource.actions.fetch({ api: latest.current.api, params: latest.current.params }));
    return () => {
      dispatch(resource.actions.unsubscribe(key));
    };
  }, [dispatch, resource, key, enabled]);
  const refetch = useCallback(() => {
    dispatch(resource.actions.fetch({ api: latest.current.api, params: latest.current.params, force: true }));
  }, [dispatch, resource]);

  const scope = scopeKey(api);
  const last = useRef<{ scope: string; data: D } | null>(null);
  if (entry.data !== null) last.current = { scope, data: entry.data };
  const previous = keepPrevious && entry.data === null && last.current !== null && last.current.scope === scope;
  useReportFailure('read', enabled && entry.status === 'error', entry.error, entry.errorStatus ?? null);
  return {
    status: entry.status,
    data: entry.data ?? (previous ? last.current!.data : null),
    error: entry.error,
    errorStatus: entry.errorStatus ?? null,
    loading: enabled && (entry.status === 'loading' || entry.status === 'idle'),
    previous,
    key,
    refetch,
    entry,
  };
}

export interface MutationView<A, R> {
  run: (args: A) => void;
  reset: () => void;
  status: MutationEntry<R>['status'];
  pending: boolean;
  done: boolean;
  error: string | null;
  /** HTTP status of the failure, null when none (see MutationEntry). */
  errorStatus: number | null;
  result: R | null;
  count: number;
}

/** A write for the calling element; `key` separates several forms of one scope. */
export function useMutation<A, R>(mutation: Mutation<A, R>, key?: string): MutationView<A, R> {
  useDomain(mutation);
  const api = useApi();
  const dispatch = useGazeDispatch();
  const entry = useGazeSelector((s) => mutation.select(s, api, key)) as MutationEntry<R>;
  const run = useCallback((args: A) => dispatch(mutation.actions.run({ api, args, key })), [dispatch, mutation, api, key]);
  const reset = useCallback(() => dispatch(mutation.actions.reset({ api, key })), [dispatch, mutation, api, key]);
  useReportFailure('write', entry.status === 'error', entry.error, entry.errorStatus ?? null);
  return {
    run,
    reset,
    status: entry.status,
    pending: entry.status === 'pending',
    done: entry.status === 'done',
    error: entry.error,
    errorStatus: entry.errorStatus ?? null,
    result: entry.result,
    count: entry.count,
  };
}
