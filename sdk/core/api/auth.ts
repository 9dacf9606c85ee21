import { request, type ApiConfig } from './client';

export async function requestToken(api: ApiConfig, username: string, password: string): Promise<string> {
  const data = await request<{ token?: unknown }>(api, { method: 'POST', url: '/auth-token', data: { username, password }, auth: false });
  if (!data || typeof data.token !== 'string' || !data.token) throw new Error('No token in response');
  return data.token;
}

export async function revokeToken(api: ApiConfig): Promise<void> {
  await request(api, { method: 'POST', url: '/auth-token/revoke', data: {} });
}
