import { api } from './client';
import type { Profile, User } from './types';

/** The server may answer the user at top level or inside `data`; accept both. */
function unwrapUser(body: unknown): User {
  const b = body as { data?: unknown; username?: unknown } | null;
  const user = b && typeof b.username === 'string' ? b : b?.data;
  if (!user || typeof (user as { username?: unknown }).username !== 'string') throw new Error('No user in response');
  return user as User;
}

export async function getDetails(): Promise<User> {
  const { data } = await api.get('/user/get-details');
  return unwrapUser(data);
}

export async function updateDetails(profile: Profile): Promise<void> {
  await api.post('/user/update-details', profile);
}
