// The page defaults set with configure(): the last layer before the session. They live in the
// page store (not in module state) so elements re-render when a host calls configure() later.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConfigLayer } from './config';

export interface ConfigState {
  apiBase: string | null;
  token: string | null;
  companyId: string | null;
  theme: string | null;
}

const initialState: ConfigState = { apiBase: null, token: null, companyId: null, theme: null };

export const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {
    /** `null` clears a value, a missing key leaves it alone. */
    configure(state, action: PayloadAction<ConfigLayer>) {
      for (const k of ['apiBase', 'token', 'companyId', 'theme'] as const) {
        const v = action.payload[k];
        if (v !== undefined) state[k] = v === null || v === '' ? null : String(v);
      }
    },
  },
});

export const configActions = configSlice.actions;
