// server/storage: where uploaded and generated files live, and the signed URLs browsers load them
// through. Four parts, none of which knows the HTTP framework:
//   backends.ts  the Storage interface, local folder and memory backends, key and name checks
//   urls.ts      signed, expiring /files/<key> URLs (download and upload) and their checks
//   filetypes.ts what an upload really is, from its bytes (file-type), against an allowlist
//   sign.ts      the HMAC signer and its secret (URL_SECRET or one kept in app_setting)
export * from './backends.js';
export * from './urls.js';
export * from './filetypes.js';
export { UrlSigner, DEFAULT_TTL_SECONDS } from './sign.js';
