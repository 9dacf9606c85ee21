// Lazy domains: a piece of state with its saga that the page store takes in when first used, so
// no central list of domains exists and an element's chunk carries only the domains it imports.
import type { Reducer } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';

export interface Injectable {
  /** Unique per page; the key of this domain's state in the store. */
  reducerPath: string;
  reducer: Reducer;
  /** Started once per store, when the domain is injected. */
  saga?: Saga<[]>;
}

/** Where an action names the domain it belongs to; the store injects that domain before reducing it. */
export const INJECT_META = 'inject';

export function isInjectable(x: unknown): x is Injectable {
  return typeof x === 'object' && x !== null && typeof (x as Injectable).reducerPath === 'string' && typeof (x as Injectable).reducer === 'function';
}

/** The `meta` of an action whose domain must be in the store before it is reduced. */
export function injectMeta(unit: Injectable): { [INJECT_META]: Injectable } {
  return { [INJECT_META]: unit };
}
