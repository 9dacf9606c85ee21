// A company's allowed origins (issue 20) as the CORS plugin asks about them: a preflight carries no
// token, so it is answered for an origin some company allows (or the install's ALLOWED_ORIGINS);
// the request itself is then checked against its token (services/embed-tokens.ts). Answers are
// kept a few seconds per process, so a burst of preflights costs one query; this process forgets
// an origin at once when a user adds or removes it, other processes within ORIGIN_CACHE_MS.
import type { Db } from '../db/client.js';
import { originAllowedAnywhere } from '../repositories/embed.js';

export const ORIGIN_CACHE_MS = 10_000;
// Per database: a process with several (the test suites share modules between files) must not
// answer one database's origin from another's.
const caches = new WeakMap<Db, Map<string, { allowed: boolean; at: number }>>();

function cacheOf(db: Db): Map<string, { allowed: boolean; at: number }> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export async function corsOriginAllowed(db: Db, origin: string, now = Date.now()): Promise<boolean> {
  const cache = cacheOf(db);
  const hit = cache.get(origin);
  if (hit && now - hit.at < ORIGIN_CACHE_MS) return hit.allowed;
  const allowed = await originAllowedAnywhere(db, origin);
  if (cache.size > 10_000) cache.clear();
  cache.set(origin, { allowed, at: now });
  return allowed;
}

export const forgetOrigin = (db: Db, origin: string) => { cacheOf(db).delete(origin); };
