// Signed, expiring URLs for files and rendered visuals: <path>?expires=<unix s>&sig=<hmac>.
// <img> and <video> tags cannot send an Authorization header, so media URLs carry their own
// signature. The secret is URL_SECRET, or one generated on first start and kept in app_setting
// so every server process on the same database agrees.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.js';
import { getSetting, setSettingOnce } from '../repositories/settings.js';

export const DEFAULT_TTL_SECONDS = 6 * 3600;

export class UrlSigner {
  constructor(private readonly secret: string) {}

  private mac(path: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${path}\n${expires}`).digest('base64url');
  }

  /** Signs a path (no query string), valid for ttlSeconds from now. */
  sign(path: string, ttlSeconds = DEFAULT_TTL_SECONDS, now = Date.now()): string {
    // Round expiry up to the hour so URLs stay identical (and cacheable) within an hour.
    const expires = Math.ceil((now / 1000 + ttlSeconds) / 3600) * 3600;
    return `${path}?expires=${expires}&sig=${this.mac(path, expires)}`;
  }

  verify(path: string, expires: unknown, sig: unknown, now = Date.now()): boolean {
    const exp = Number(expires);
    if (!Number.isFinite(exp) || exp * 1000 < now || typeof sig !== 'string') return false;
    const a = Buffer.from(this.mac(path, exp));
    const b = Buffer.from(sig);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

export async function loadUrlSigner(db: Db, configured?: string): Promise<UrlSigner> {
  if (configured) return new UrlSigner(configured);
  const found = await getSetting(db, 'url_secret');
  if (found) return new UrlSigner(found);
  // Two processes starting together may both generate one: the first stored wins for both.
  return new UrlSigner(await setSettingOnce(db, 'url_secret', randomBytes(32).toString('hex')));
}
