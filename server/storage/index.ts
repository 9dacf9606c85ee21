// server/storage: where uploaded and generated files live, and the signed URLs browsers load them
// through. Four parts, none of which knows the HTTP framework:
//   backends.ts  the Storage interface, local folder and memory backends, key and name checks
//   s3.ts        the S3-compatible backend (STORAGE=s3); select.ts picks the backend from Config
//   urls.ts      signed, expiring /files/<key> URLs (download and upload) and their checks
//   filetypes.ts what an upload really is, from its bytes (file-type), against an allowlist
//   sign.ts      the HMAC signer and its secret (URL_SECRET or one kept in app_setting)
export * from './backends.js';
export { S3Storage, type S3Options } from './s3.js';
export { createStorage } from './select.js';
export * from './urls.js';
export * from './filetypes.js';
export { UrlSigner, DEFAULT_TTL_SECONDS } from './sign.js';
