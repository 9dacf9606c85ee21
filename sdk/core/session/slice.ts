import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../api/types';
import { readStored, readStoredJson } from './storage';

/** Stored on failure (D1-028); the login form displays LOGIN_FAILED_TEXT instead (D1-027). */
export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface SessionState {
  user: User | null;
  authenticated: boolean;
  signingIn: boolean;
  error: string | null;
  /** Acting company of a super user; null = their own company. */
  companyId: string | null;
  expired: boolean;
}

/** Authenticated at start when a stored user exists (D1-029). Lazy so each store reads storage anew. */
export function initialSessionState(): SessionState {
  const user = readStoredJson<User>('user');
  return {
    user,
    authenticated: user !== null,
    signingIn: false,
    error: null,
    companyId: readStored('companyId'),
    expired: false,
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signIn(state, _action: PayloadAction<{ username: string; password: string }>) {
      state.signingIn = true;
      state.error = null;
      state.expired = false;
    },
    signInSucceeded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.authenticated = true;
      state.signingIn = false;
      state.error = null;
    },
    signInFailed(state) {
      state.user = null;
      state.authenticated = false;
      state.signingIn = false;
      state.error = INVALID_CREDENTIALS;
    },
    signOut() {},
    signedOut(state) {
      Object.assign(state, { user: null, authenticated: false, signingIn: false, error: null, companyId: null, expired: false });
    },
    sessionExpired() {},
    expiredCleared(state) {
      Object.assign(state, { user: null, authenticated: false, signingIn: false, error: null, companyId: null, expired: true });
    },
    switchCompany(state, action: PayloadAction<string | number | null>) {
      state.companyId = action.payload === null || action.payload === '' ? null : String(action.payload);
    },
    userUpdated(state, action: PayloadAction<Partial<User>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
  },
});

export const sessionActions = sessionSlice.actions;

/**
 * After these another user or acting company may be on the page: every domain holding company
 * data resets on them (`b.addMatcher(sessionChanged, () => initialState)`), so none is ever shown
 * to the wrong one.
 */
export const sessionChanged = isAnyOf(sessionActions.signedOut, sessionActions.expiredCleared, sessionActions.switchCompany);
export default sessionSlice.reducer;
