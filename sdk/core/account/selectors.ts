import { createSelector } from '@reduxjs/toolkit';
import type { Profile } from '../api/types';
import type { AccountState } from './slice';

type S = { account: AccountState };

export const selectAccountLoading = (s: S) => s.account.loading;
export const selectAccountSaving = (s: S) => s.account.saving;

export const PROFILE_FIELDS = ['first_name', 'last_name', 'location', 'job_title', 'phone_number', 'email'] as const;

/** Form values: a null from the server is shown as an empty field (D1-039). */
export const selectProfileForm = createSelector([(s: S) => s.account.user], (u): Profile => {
  const out = {} as Profile;
  for (const f of PROFILE_FIELDS) out[f] = u?.[f] ?? '';
  return out;
});

export const selectCompanyName = (s: S) => s.account.user?.company_name ?? '';
