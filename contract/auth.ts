// Sign-in and sign-out (server/routes/auth).
import { Type, type Static } from 'typebox';
import { defineOperation, Ok, SIGNED_IN, SMALL_BODY_LIMIT, Text } from './common.js';
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './values/auth.js';
export * from './values/auth.js';

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

/** How long an e-mailed or administrator-issued reset link works. */
export const RESET_LINK_MINUTES = 60;
/** The dashboard's page a reset link opens (`?token=…`). */
export const RESET_PAGE_PATH = '/reset_password';

/** The one answer to a reset request, whether or not an account uses the address (no enumeration). */
export const RESET_REQUESTED = 'If an account uses this address, a link to set a new password is on its way. It works once, for 60 minutes.';
/** The answer when this server sends no e-mail (no SMTP_URL): a property of the server, not of the address. */
export const RESET_BY_ADMIN = 'This server does not send e-mail. Ask your company administrator to reset your password.';
export const RESET_LINK_INVALID = 'This reset link is invalid, already used or expired. Ask for a new one.';
export const RESET_DONE = 'Your password has been changed. Sign in with the new password.';
export const TOO_MANY_RESETS = 'Too many password reset requests. Please wait and try again later.';

export const PasswordResetRequestBody = Type.Object({
  email: Text(254, { description: 'The address of the account (any text: the answer is the same)' }),
});
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

export const PasswordResetAnswer = Ok({
  message: Type.String(),
  emailed: Type.Boolean({ description: 'Whether this server e-mails reset links (SMTP_URL set); the same for every address' }),
});
export type PasswordResetAnswer = Static<typeof PasswordResetAnswer>;

export const PasswordResetConfirmBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: 'The token of the reset link' }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4, description: 'The new password (passwordProblem rules)' }),
});
export type PasswordResetConfirmBody = Static<typeof PasswordResetConfirmBody>;

export const PasswordResetConfirmAnswer = Ok({ message: Type.String() });
export type PasswordResetConfirmAnswer = Static<typeof PasswordResetConfirmAnswer>;

export const requestPasswordReset = defineOperation({
  operationId: 'requestPasswordReset',
  method: 'POST',
  path: '/v1.0/auth/password-reset',
  summary: 'Forgot password: e-mail a reset link to the accounts that use an address',
  description: `Public. With SMTP_URL set, every account whose e-mail is this address (case-insensitive) gets a link to ${RESET_PAGE_PATH}?token=… through the mail outbox, valid ${RESET_LINK_MINUTES} minutes and once; the answer is {success:true, emailed:true, message:"${RESET_REQUESTED}"} whether or not the address is known. Without SMTP_URL nothing is sent and the answer is emailed:false with "${RESET_BY_ADMIN}" (for every address). Requests are counted like sign-in failures (3 per address and client, 20 per client in 15 minutes, then a doubling wait): 429 "${TOO_MANY_RESETS}" with Retry-After.`,
  tags: ['auth'],
  access: 'write',
  roles: ['public'],
  body: PasswordResetRequestBody,
  bodyLimit: SMALL_BODY_LIMIT,
  response: { 200: PasswordResetAnswer },
  errors: [429],
});

export const confirmPasswordReset = defineOperation({
  operationId: 'confirmPasswordReset',
  method: 'POST',
  path: '/v1.0/auth/password-reset/confirm',
  summary: 'Set a new password with a reset link',
  description: `Public. The token of a reset link and the new password (at least ${PASSWORD_MIN_LENGTH} characters, at most ${PASSWORD_MAX_LENGTH}, no leading or trailing space, not the username: 400 with errors.password). An unknown, used or expired token answers 400 "${RESET_LINK_INVALID}". On success the link and every other open link of the account stop working and every sign-in token of the account is revoked. Attempts are counted per client like sign-in failures (429).`,
  tags: ['auth'],
  access: 'write',
  roles: ['public'],
  body: PasswordResetConfirmBody,
  bodyLimit: SMALL_BODY_LIMIT,
  response: { 200: PasswordResetConfirmAnswer },
  errors: [400, 429],
});

export const operations = { signIn, signOutPost, signOutDelete, requestPasswordReset, confirmPasswordReset };
