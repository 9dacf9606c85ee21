import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiConfig } from '../api/client';
import type { User } from '../api/user';
import { readStored, readStoredJson } from './storage';

/** Stored on failure (D1-028); the login form displays LOGIN_FAILED_TEXT instead (D1-027). */
export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface SessionState {
  user: User | null;
  /** The signed-in user's token: the last layer of every element's config (core/config). */
  token: string | null;
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
    token: readStored('token'),
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
    /** `api`: where the signing-in element talks to (its config); default the page's. */
    signIn(state, _action: PayloadAction<SignInPayload>) {
      state.signingIn = true;
      state.error = null;
      state.expired = false;
    },
    signInSucceeded: {
      reducer(state, action: PayloadAction<{ user: User; token: string | null }>) {
        state.user = action.payload.user;
        if (action.payload.token) state.token = action.payload.token;
        state.authenticated = true;
        state.signingIn = false;
        state.error = null;
      },
      prepare: (user: User, token?: string) => ({ payload: { user, token: token ?? null } }),
    },
    signInFailed(state) {
      state.user = null;
      state.authenticated = false;
      state.signingIn = false;
      state.error = INVALID_CREDENTIALS;
    },
    signOut() {},
    /** `tokenId`: the token that ended (core/config tokenId); state kept for it is dropped. */
    signedOut: {
      reducer(state, _action: PayloadAction<{ tokenId: string }>) {
        Object.assign(state, { user: null, token: null, authenticated: false, signingIn: false, error: null, companyId: null, expired: false });
      },
      prepare: (tokenId = '') => ({ payload: { tokenId } }),
    },
    /** A call with `tokenId` got 401; the session ends only when that is the session's token. */
    sessionExpired: {
      reducer() {},
      prepare: (tokenId?: string) => ({ payload: { tokenId } }),
    },
    expiredCleared: {
      reducer(state, _action: PayloadAction<{ tokenId: string }>) {
        Object.assign(state, { user: null, token: null, authenticated: false, signingIn: false, error: null, companyId: null, expired: true });
      },
      prepare: (tokenId = '') => ({ payload: { tokenId } }),
    },
    switchCompany(state, action: PayloadAction<string | number | null>) {
      state.companyId = action.payload === null || action.payload === '' ? null : String(action.payload);
    },
    userUpdated(state, action: PayloadAction<Partial<User>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
  },
});

export interface SignInPayload {
  username: string;
  password: string;
  api?: ApiConfig;
}

export const sessionActions = sessionSlice.actions;

/**
 * A token ended (sign-out, expiry): state kept for that token goes (core/resource drops every entry
 * whose scope carries `payload.tokenId`). A company switch needs no reset: the company is part of
 * every resource key, so elements simply read (and fetch) other keys.
 */
export const tokenEnded = isAnyOf(sessionActions.signedOut, sessionActions.expiredCleared);
