// Sign-in and sign-out (server/routes/auth).
import { Type, type Static } from 'typebox';
import { defineOperation, Ok, SIGNED_IN, Text } from './common.js';

/**
 * Any valid sign-in body fits, however it is encoded: 1,279 characters of username and password,
 * each at most 6 bytes even as a JSON \uXXXX escape. Anything longer is refused (413) unread.
 */
export const SIGN_IN_BODY_LIMIT = 8 * 1024;

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
  description: 'Answers {token}. Send it as "Authorization: Token <token>" on every other call. Wrong credentials answer 401 "Invalid username or password". Failures count for 15 minutes. A username may fail 5 times from one address and an address 20 times in all (spraying); each further failure must wait 15 s, then 30 s, 1 min, … doubling up to 15 min after the previous one: until then sign-in answers 429 with Retry-After (seconds), even for the right password. After 20 failures of a username from all addresses together (distributed guessing), each address has 1 free failure for it; an address that has not failed for it is never refused, so the owner signing in from a new address is let in. Attempts are counted atomically: a parallel burst passes no more than the limits. A body over 8 KB answers 413 unread; one not received within BODY_TIMEOUT_MS 408.',
  tags: ['auth'],
  access: 'write',
  roles: ['public'],
  body: SignInBody,
  bodyLimit: SIGN_IN_BODY_LIMIT,
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
