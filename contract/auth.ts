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
  description: 'Answers {token}. Send it as "Authorization: Token <token>" on every other call. Wrong credentials answer 401 "Invalid username or password". Limits within 15 minutes: 5 failures for a username from one address (that username is then refused from that address only), 20 failures from one address (every username from it), 20 failures for a username from all addresses together; past a limit sign-in answers 429 with Retry-After until the window passes. Attempts are counted atomically: a parallel burst passes no more than the limits.',
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
