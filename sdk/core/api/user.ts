// The signed-in user's profile. Wire types come from the contract.
import type { ProfileUpdateBody, ProfileUpdateResponse, UserDetails } from '../../../contract/user';
import { request, type ApiConfig } from './client';

/** The signed-in user, as GET /user/get-details answers it. */
export type User = UserDetails;
/** The profile form's values: every field of the update body, as text ('' for none). */
export type Profile = { [K in keyof ProfileUpdateBody]-?: string };

export async function getDetails(api: ApiConfig): Promise<User> {
  return request<UserDetails>(api, { url: '/user/get-details' });
}

export async function updateDetails(api: ApiConfig, profile: Profile): Promise<void> {
  const body: ProfileUpdateBody = profile;
  await request<ProfileUpdateResponse>(api, { method: 'POST', url: '/user/update-details', data: body });
}
