import { createSelector } from '@reduxjs/toolkit';
import type { SessionState } from '../session/slice';
import { resolveConfig, type ElementConfig, type SessionCredentials } from './config';
import type { ConfigState } from './slice';

type S = { config: ConfigState; session: SessionState };

export const selectPageDefaults = (s: S) => s.config;

export const selectSessionCredentials = createSelector(
  [(s: S) => s.session.token, (s: S) => s.session.companyId],
  (token, companyId): SessionCredentials => ({ token, companyId }),
);

/** The config of a call made for the page rather than for one element (sign-out, host helpers). */
export const selectPageConfig = createSelector(
  [selectPageDefaults, selectSessionCredentials],
  (defaults, session): ElementConfig => resolveConfig([defaults], session),
);
