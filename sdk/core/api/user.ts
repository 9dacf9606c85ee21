import { request, type ApiConfig } from './client';
import type { Profile, User } from './types';

/** The server may answer the user at top level or inside `data`; accept both. */
function unwrapUser(body: unknown): User {
  const b = body as { data?: unknown; username?: unknown } | null;
  const user = b && typeof b.username === 'string' ? b : b?.data;
  if (!user || typeof (user as { username?: unknown }).username !== 'string') throw new Error('No user in response');
  return user as User;
}

export async function getDetails(api: ApiConfig): Promise<User> {
  return unwrapUser(await request(api, { url: '/user/get-details' }));
}

export async function updateDetails(api: ApiConfig, profile: Profile): Promise<void> {
  await request(api, { method: 'POST', url: '/user/update-details', data: profile });
}
