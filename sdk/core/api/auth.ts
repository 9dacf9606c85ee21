import type {
  PasswordResetAnswer, PasswordResetConfirmAnswer, PasswordResetConfirmBody, PasswordResetRequestBody, SignInBody, SignInResponse, SignOutResponse,
} from '../../../contract/auth';
import { request, type ApiConfig } from './client';

export async function requestToken(api: ApiConfig, username: string, password: string): Promise<string> {
  const body: SignInBody = { username, password };
  const { token } = await request<SignInResponse>(api, { method: 'POST', url: '/auth-token', data: body, auth: false });
  // A 200 that carries no token (a proxy's error page, say) must not sign anyone in.
  if (typeof token !== 'string' || !token) throw new Error('No token in response');
  return token;
}

export async function revokeToken(api: ApiConfig): Promise<void> {
  await request<SignOutResponse>(api, { method: 'POST', url: '/auth-token/revoke', data: {} });
}

/** Forgot password: the server's one answer, whatever the address (no account enumeration). */
export async function requestPasswordReset(api: ApiConfig, email: string): Promise<PasswordResetAnswer> {
  const body: PasswordResetRequestBody = { email };
  return request<PasswordResetAnswer>(api, { method: 'POST', url: '/auth/password-reset', data: body, auth: false });
}

/** Sets a new password with a reset link's token. */
export async function confirmPasswordReset(api: ApiConfig, body: PasswordResetConfirmBody): Promise<PasswordResetConfirmAnswer> {
  return request<PasswordResetConfirmAnswer>(api, { method: 'POST', url: '/auth/password-reset/confirm', data: body, auth: false });
}
