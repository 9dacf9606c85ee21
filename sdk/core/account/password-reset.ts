// Password reset (issue 38): Forgot password asks the server for an e-mailed link, the reset page
// sets the new password with the link's token, and a company administrator resets a user's
// password (a link to pass on, or a temporary password).
import { confirmPasswordReset, requestPasswordReset } from '../api/auth';
import { listCompanyUsers, resetCompanyUserPassword, type AdminPasswordResetAnswer, type CompanyUser } from '../api/user';
import { createResource } from '../resource/resource';
import { createMutation } from '../resource/mutation';
import type { PasswordResetAnswer, PasswordResetConfirmAnswer } from '../../../contract/auth';

export const forgotPassword = createMutation<{ email: string }, PasswordResetAnswer>({
  name: 'account/forgot-password',
  run: (api, { email }) => requestPasswordReset(api, email),
});

export const setNewPassword = createMutation<{ token: string; password: string }, PasswordResetConfirmAnswer>({
  name: 'account/set-new-password',
  run: (api, body) => confirmPasswordReset(api, body),
});

export const companyUsers = createResource<void, CompanyUser[]>({
  name: 'account/company-users',
  fetch: (api) => listCompanyUsers(api),
});

export const adminPasswordReset = createMutation<{ userId: number; mode: 'link' | 'temporary' }, AdminPasswordResetAnswer>({
  name: 'account/admin-password-reset',
  run: (api, { userId, mode }) => resetCompanyUserPassword(api, userId, mode),
});
