// TypeBox-free values of contract/lookups.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../lookups.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

/** The Accept header that asks for the {success, data} envelope (a media-type parameter, so no CORS change). */
export const LOOKUP_ENVELOPE_ACCEPT = 'application/json; envelope=1';
/** True when an Accept header asks for the envelope (envelope=1 on any of its media ranges). */
export const wantsEnvelope = (accept: string | undefined): boolean =>
  typeof accept === 'string' && /;\s*envelope\s*=\s*"?1"?\s*(?:[;,]|$)/i.test(accept);
