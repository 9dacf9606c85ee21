// TypeBox-free values of contract/take.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../take.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

/** The longest consent text a study may have (characters). */
export const CONSENT_TEXT_MAX = 10_000;
