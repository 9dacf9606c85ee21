// What browsers load stored files through: signed, expiring /files/<key> URLs (an <img> or a
// <video> cannot send a token). Needs only a UrlSigner (app.signer satisfies `{ signer }`), no
// HTTP framework.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sanitizeKey } from './backends.js';
import { DEFAULT_TTL_SECONDS, type UrlSigner } from './sign.js';

/** Whatever holds the app's signer (the fastify app does). */
export interface SignerHolder {
  signer: UrlSigner;
}

const ABSOLUTE = /^https?:\/\//i;

/**
 * The origin URLs are made absolute against for the request being answered, when it needs one
 * without PUBLIC_URL: an embed token's answers are read by a widget on another site, where a
 * root-relative /files/… or /visuals/… would resolve against the host page and 404
 * (plugins/embed-urls.ts sets it).
 */
const requestBase = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it starts) with URLs made absolute against `origin`. */
export function withUrlBase<T>(origin: string, fn: () => T): T {
  return requestBase.run(origin.replace(/\/+$/, ''), fn);
}

/**
 * PUBLIC_URL (e.g. https://gazeboard.example.com) makes every file URL absolute; without it, the
 * origin of an embed token's request does for that request's answer (withUrlBase).
 */
export function publicBase(): string {
  return (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '') || (requestBase.getStore() ?? '');
}

/**
 * What a browser loads for a stored file: an absolute http(s) URL passes through unchanged; a
 * storage key becomes a signed, expiring GET URL (/files/<key>?expires=…&sig=…), root-relative
 * unless PUBLIC_URL is set. null/empty stays null. Use it wherever a stim source, logo or file
 * url is returned.
 */
export function publicUrl(app: SignerHolder, keyOrUrl: string, ttlSeconds?: number): string;
export function publicUrl(app: SignerHolder, keyOrUrl: string | null | undefined, ttlSeconds?: number): string | null;
export function publicUrl(app: SignerHolder, keyOrUrl: string | null | undefined, ttlSeconds = DEFAULT_TTL_SECONDS): string | null {
  if (!keyOrUrl) return null;
  if (ABSOLUTE.test(keyOrUrl)) return keyOrUrl;
  return publicBase() + app.signer.sign(`/files/${keyOrUrl}`, ttlSeconds);
}

/** The signed string of an upload: a GET signature must never authorise a PUT. */
const uploadSubject = (key: string) => `PUT /files/${key}`;

/** Signed PUT URL for one key (absolute: the SDK's axios would otherwise prefix its /v1.0 base). */
export function uploadUrl(app: SignerHolder, key: string, origin: string, ttlSeconds = 3600): string {
  const signed = app.signer.sign(uploadSubject(key), ttlSeconds);
  return `${origin}/files/${key}${signed.slice(signed.indexOf('?'))}`;
}

export function verifyUpload(signer: UrlSigner, key: string, expires: unknown, sig: unknown): boolean {
  return signer.verify(uploadSubject(key), expires, sig);
}

export function verifyDownload(signer: UrlSigner, key: string, expires: unknown, sig: unknown): boolean {
  return signer.verify(`/files/${key}`, expires, sig);
}

/** The origin a request was addressed to (a fastify request fits), or PUBLIC_URL when set. */
export function requestOrigin(request: { protocol: string; host: string }): string {
  return publicBase() || `${request.protocol}://${request.host}`;
}

/**
 * The storage key inside a /files/<key> URL (signed or not, absolute or relative), or the value
 * itself when it already is a key; null for foreign URLs. Lets a stim edit accept either the key
 * or the URL the uploader PUT to.
 */
export function keyFromFileUrl(value: string): string | null {
  let p: string;
  if (ABSOLUTE.test(value)) {
    try {
      p = new URL(value).pathname;
    } catch {
      return null;
    }
  } else {
    p = value.split('?')[0];
  }
  const m = /^\/?files\/(.+)$/.exec(p);
  const key = m ? m[1] : ABSOLUTE.test(value) ? null : p;
  if (!key) return null;
  try {
    return sanitizeKey(key);
  } catch {
    return null;
  }
}
