import { api } from './client';

export async function requestToken(username: string, password: string): Promise<string> {
  const { data } = await api.post<{ token: string }>('/auth-token', { username, password });
  if (!data || typeof data.token !== 'string' || !data.token) throw new Error('No token in response');
  return data.token;
}

export async function revokeToken(): Promise<void> {
  await api.post('/auth-token/revoke', {});
}
