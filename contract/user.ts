// The signed-in user's own profile (server/routes/user).
import { Type, type Static } from 'typebox';
import { defineOperation, Id, Nullable, Ok, SIGNED_IN, Text } from './common.js';

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

export const operations = { getDetails, updateDetails };
