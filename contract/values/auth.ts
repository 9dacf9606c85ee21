// TypeBox-free values of contract/auth.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../auth.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

// Password reset (docs/decisions.md "Password reset"): the one rule for a new password, used by
// the reset page and the server alike.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Use at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_IS_USERNAME = 'The password must not be your username';
export const PASSWORD_BLANK_EDGES = 'The password must not start or end with a space';

/** Why a new password is refused, or null when it meets the rules. Length counts characters, not UTF-16 units. */
export function passwordProblem(password: string, username?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (password.trim() !== password) return PASSWORD_BLANK_EDGES;
  if (username && password.trim().toLowerCase() === username.trim().toLowerCase()) return PASSWORD_IS_USERNAME;
  return null;
}
