// Sign-in and sign-out (server/routes/auth).
import { Type, type Static } from 'typebox';
import { defineOperation, Ok, SIGNED_IN, Text } from './common.js';

export const SignInBody = Type.Object({
  username: Text(255, { minLength: 1 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type SignInBody = Static<typeof SignInBody>;

export const SignInResponse = Type.Object({ token: Type.String({ description: 'Send as "Authorization: Token <token>"' }) });
export type SignInResponse = Static<typeof SignInResponse>;

export const SignOutResponse = Ok({});
export type SignOutResponse = Static<typeof SignOutResponse>;

export const signIn = defineOperation({
  operationId: 'signIn',
  method: 'POST',
  path: '/v1.0/auth-token',
  summary: 'Sign in: exchange username and password for a token',
  description: 'Answers {token}. Send it as "Authorization: Token <token>" on every other call. Wrong credentials answer 401 "Invalid username or password". After 5 failures for a username (or 20 from one IP) within 15 minutes, sign-in answers 429 with Retry-After until the window passes.',
  tags: ['auth'],
  access: 'write',
  roles: ['public'],
  body: SignInBody,
  response: { 200: SignInResponse },
  errors: [401, 429],
});

const signOut = {
  summary: 'Sign out: revoke the token this request presents',
  description: 'Answers {success:true}; the token is refused from then on.',
  tags: ['auth'],
  access: 'write',
  roles: SIGNED_IN,
  response: { 200: SignOutResponse },
} as const;

export const signOutPost = defineOperation({ operationId: 'signOut', method: 'POST', path: '/v1.0/auth-token/revoke', ...signOut });
/** The same as signOut, for clients that DELETE the token. */
export const signOutDelete = defineOperation({ operationId: 'signOutDelete', method: 'DELETE', path: '/v1.0/auth-token', ...signOut });

export const operations = { signIn, signOutPost, signOutDelete };
