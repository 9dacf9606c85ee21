// The signed-in user's own profile (server/routes/user).
import { Type, type Static } from 'typebox';
import { COMPANY_ADMIN_ROLES, defineOperation, Id, IdParam, Nullable, Ok, SIGNED_IN, Text } from './common.js';

export const UserDetails = Type.Object({
  id: Id(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  location: Nullable(Type.String()),
  job_title: Nullable(Type.String()),
  phone_number: Nullable(Type.String()),
  email: Nullable(Type.String()),
  username: Type.String(),
  company_name: Type.String({ description: 'The user’s own company' }),
  company_id: Id({ description: 'The user’s own company' }),
  user_type_id: Type.Integer({ description: '1 study user, 2 batch user' }),
  super_user: Type.Boolean(),
  // Optional in the type only (the server always sends it), so clients written before it still compile.
  company_admin: Type.Optional(Type.Boolean({ description: "An administrator of the user's own company: may change its allowed origins (docs/api.md \"Roles\")" })),
  acting_company_id: Id({ description: 'The X-Company-Id in effect, else the own company' }),
});
export type UserDetails = Static<typeof UserDetails>;

const profileText = Type.Optional(Nullable(Text(1000)));
export const ProfileUpdateBody = Type.Object({
  first_name: profileText,
  last_name: profileText,
  location: profileText,
  job_title: profileText,
  phone_number: profileText,
  email: Type.Optional(Nullable(Text(254, { description: 'Validated as an e-mail address when not empty.' }))),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export const ProfileUpdateResponse = Ok({ data: UserDetails });
export type ProfileUpdateResponse = Static<typeof ProfileUpdateResponse>;

export const getDetails = defineOperation({
  operationId: 'getUserDetails',
  method: 'GET',
  path: '/v1.0/user/get-details',
  summary: "The signed-in user's profile",
  description: 'Top-level fields first_name, last_name, location, job_title, phone_number, email, username, company_name, company_id, user_type_id, super_user, plus id and acting_company_id (the X-Company-Id in effect, else the own company).',
  tags: ['user'],
  access: 'read',
  roles: SIGNED_IN,
  response: { 200: UserDetails },
});

export const updateDetails = defineOperation({
  operationId: 'updateUserDetails',
  method: 'POST',
  path: '/v1.0/user/update-details',
  summary: "Update the signed-in user's profile",
  description: 'Only the fields sent are changed (a field left out stays as it is); values are trimmed and a blank one means none. first_name, last_name and email cannot be blanked once set (400, errors names the field); email must be an e-mail address. Answers {success:true, data:user}.',
  tags: ['user'],
  access: 'write',
  roles: SIGNED_IN,
  body: ProfileUpdateBody,
  response: { 200: ProfileUpdateResponse },
});

// The acting company's users, for its administrators: the admin password reset (issue 38), the
// way back in when the server sends no e-mail.
export const CompanyUser = Type.Object({
  id: Id(),
  username: Type.String(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  user_type_id: Type.Integer({ description: '1 study user, 2 batch user' }),
  company_admin: Type.Boolean(),
  super_user: Type.Boolean(),
});
export type CompanyUser = Static<typeof CompanyUser>;

export const CompanyUserList = Type.Object({ data: Type.Array(CompanyUser) });
export type CompanyUserList = Static<typeof CompanyUserList>;

export const CompanyUserParams = Type.Object({ userId: IdParam({ description: 'A user of the acting company' }) });
export type CompanyUserParams = Static<typeof CompanyUserParams>;

export const ADMIN_RESET_MODES = ['link', 'temporary'] as const;
const ResetMode = Type.Union([Type.Literal('link'), Type.Literal('temporary')]);
export const AdminPasswordResetBody = Type.Object({
  mode: Type.Union([Type.Literal('link'), Type.Literal('temporary')], {
    description: 'link: a one-time reset link (60 minutes) for the administrator to pass on; temporary: a generated password set at once',
  }),
});
export type AdminPasswordResetBody = Static<typeof AdminPasswordResetBody>;

export const AdminPasswordResetAnswer = Ok({
  mode: ResetMode,
  link: Type.Optional(Type.String({ description: 'mode link: the reset page address with its token (shown once)' })),
  expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'mode link: when the link stops working' })),
  temporary_password: Type.Optional(Type.String({ description: 'mode temporary: the new password (shown once)' })),
});
export type AdminPasswordResetAnswer = Static<typeof AdminPasswordResetAnswer>;

export const listCompanyUsers = defineOperation({
  operationId: 'listCompanyUsers',
  method: 'GET',
  path: '/v1.0/company/users',
  summary: "The acting company's users; company administrators and super users",
  description: 'Answers {data:[{id, username, first_name, last_name, email, user_type_id, company_admin, super_user}]} by username.',
  tags: ['user'],
  access: 'read',
  roles: COMPANY_ADMIN_ROLES,
  response: { 200: CompanyUserList },
});

export const resetCompanyUserPassword = defineOperation({
  operationId: 'resetCompanyUserPassword',
  method: 'POST',
  path: '/v1.0/company/users/:userId/password-reset',
  summary: "Resets a password of a user of the acting company: a reset link or a temporary password; company administrators and super users",
  description: 'mode link answers {link, expires_at}: a one-time link to the reset page, valid 60 minutes, for the administrator to pass on (nothing is e-mailed). mode temporary sets a generated password at once and answers it as temporary_password; the user should change it with a reset link. Either way the user\'s sign-in tokens are revoked when the password changes. A user of another company answers 404 "User not found"; a company administrator may not reset a super user (403).',
  tags: ['user'],
  access: 'write',
  roles: COMPANY_ADMIN_ROLES,
  params: CompanyUserParams,
  body: AdminPasswordResetBody,
  response: { 200: AdminPasswordResetAnswer },
  errors: [404],
});

export const operations = { getDetails, updateDetails, listCompanyUsers, resetCompanyUserPassword };
