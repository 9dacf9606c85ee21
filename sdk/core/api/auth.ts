import type { SignInBody, SignInResponse, SignOutResponse } from '../../../contract/auth';
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
