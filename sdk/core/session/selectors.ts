import type { SessionState } from './slice';

// Selectors take the slice's slot only, so domains never import the root state type (no cycles).
type S = { session: SessionState };

export const selectSession = (s: S) => s.session;
export const selectUser = (s: S) => s.session.user;
export const selectAuthenticated = (s: S) => s.session.authenticated;
export const selectSigningIn = (s: S) => s.session.signingIn;
export const selectSessionError = (s: S) => s.session.error;
export const selectSuperUser = (s: S) => s.session.user?.super_user === true;
/** Whether the signed-in user may change the company's settings (allowed origins); null before a user is known. */
export const selectCompanySettingsAllowed = (s: S): boolean | null => {
  const user = s.session.user;
  return user ? user.super_user === true || user.company_admin === true : null;
};
export const selectUserType = (s: S) => s.session.user?.user_type_id ?? null;
/** Study users are type 1; every other type is a batch user (D1-001). */
export const selectIsStudyUser = (s: S) => s.session.user?.user_type_id === 1;
export const selectActingCompanyId = (s: S) =>
  s.session.companyId ?? (s.session.user?.company_id != null ? String(s.session.user.company_id) : null);
export const selectExpired = (s: S) => s.session.expired;
