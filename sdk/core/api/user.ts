// The signed-in user's profile. Wire types come from the contract.
import type {
  AdminPasswordResetAnswer, AdminPasswordResetBody, CompanyUser, CompanyUserList, ProfileUpdateBody, ProfileUpdateResponse, UserDetails,
} from '../../../contract/user';
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

export type { CompanyUser, AdminPasswordResetAnswer };

/** The acting company's users (company administrators and super users). */
export async function listCompanyUsers(api: ApiConfig): Promise<CompanyUser[]> {
  return (await request<CompanyUserList>(api, { url: '/company/users' })).data;
}

/** An administrator's password reset of a user: a one-time link or a temporary password. */
export async function resetCompanyUserPassword(api: ApiConfig, userId: number, mode: AdminPasswordResetBody['mode']): Promise<AdminPasswordResetAnswer> {
  const body: AdminPasswordResetBody = { mode };
  return request<AdminPasswordResetAnswer>(api, { method: 'POST', url: `/company/users/${userId}/password-reset`, data: body });
}
