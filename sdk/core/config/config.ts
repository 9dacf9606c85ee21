// Per-element configuration. An element's API base, token, company and theme come from, in order:
// its own attributes, the nearest <gaze-provider> ancestor (across shadow roots), the page defaults
// set with configure(), and last the signed-in session (token and acting company). Nothing here is
// module state: the resolved config travels in React context and in every action that calls the API.
import { normaliseApiBase, type ApiConfig } from '../api/client';

/** What one layer (attributes, a provider, the page defaults) may set; undefined / null / '' = not set. */
export interface ConfigLayer {
  apiBase?: string | null;
  token?: string | null;
  companyId?: string | number | null;
  theme?: string | null;
}

/** The session's part: the signed-in token and the acting company (company switcher). */
export interface SessionCredentials {
  token: string | null;
  companyId: string | null;
}

export interface ElementConfig extends ApiConfig {
  /** `--gaze-*` overrides, `name: value; …` (see themeDeclarations). */
  theme: string | null;
}

const present = (v: string | number | null | undefined): v is string | number => v !== undefined && v !== null && v !== '';

/**
 * The first layer that sets a value wins. The session's acting company applies only to calls made
 * with the session's token: a widget given its own token speaks for that token's company, unless
 * a layer names one.
 */
export function resolveConfig(layers: ConfigLayer[], session: SessionCredentials): ElementConfig {
  const first = <K extends keyof ConfigLayer>(k: K) => layers.map((l) => l[k]).find(present);
  const explicitToken = first('token');
  const explicitCompany = first('companyId');
  const token = present(explicitToken) ? String(explicitToken) : session.token;
  const companyId = present(explicitCompany) ? String(explicitCompany) : present(explicitToken) ? null : session.companyId;
  const apiBase = first('apiBase');
  const theme = first('theme');
  return {
    apiBase: normaliseApiBase(present(apiBase) ? String(apiBase) : null),
    token: token || null,
    companyId: companyId || null,
    theme: present(theme) ? String(theme) : null,
  };
}

/** Only what a request needs (theme stays out of request keys). */
export function apiOf(config: ApiConfig): ApiConfig {
  return { apiBase: config.apiBase, token: config.token, companyId: config.companyId };
}

/**
 * A short, stable stand-in for a token inside state keys, so raw tokens are not spread through
 * the store's keys (cyrb53; collisions between two live tokens of one page are not a concern).
 */
export function tokenId(token: string | null): string {
  if (!token) return '';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Whom a piece of state belongs to: server, token and company. Part of every resource key. */
export interface Scope {
  apiBase: string;
  tokenId: string;
  companyId: string;
}

export function scopeOf(config: ApiConfig): Scope {
  return { apiBase: normaliseApiBase(config.apiBase), tokenId: tokenId(config.token), companyId: config.companyId ?? '' };
}

export function scopeKey(config: ApiConfig): string {
  const s = scopeOf(config);
  return JSON.stringify([s.apiBase, s.tokenId, s.companyId]);
}

/** JSON with sorted object keys, so {a,b} and {b,a} name the same request. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  ) ?? 'null';
}

/**
 * `theme="primary: #7a3cff; radius: 8px"` → `--gaze-primary: #7a3cff; --gaze-radius: 8px;`. Names
 * may carry the `--gaze-` prefix; anything that could break out of the declaration is dropped.
 */
export function themeDeclarations(theme: string | null): string {
  if (!theme) return '';
  return theme
    .split(';')
    .map((d) => d.split(':'))
    .filter((p) => p.length === 2)
    .map(([n, v]) => [n.trim().replace(/^--gaze-/, ''), v.trim()] as const)
    .filter(([n, v]) => /^[a-z][a-z0-9-]*$/.test(n) && v !== '' && !/[;{}<>\\]/.test(v))
    .map(([n, v]) => `--gaze-${n}: ${v};`)
    .join(' ');
}
