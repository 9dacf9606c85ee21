// Fetching a web page for a cache-page snapshot (issue 12) without becoming a way into the
// server's own network: public http(s) addresses only, checked on the URL, on every address the
// name resolves to (at connect time, so a DNS answer cannot change between check and use) and on
// every redirect; a size limit while streaming and one deadline for the whole fetch.
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { isPrivateAddress, parsePublicUrl, privateUrlsAllowed } from '../domain/urls.js';

export const CACHE_MAX_BYTES = 5 * 1024 * 1024;
export const CACHE_TIMEOUT_MS = 15_000;
export const CACHE_MAX_REDIRECTS = 5;

/** A fetch that must not be retried: the reason is shown to the user as it is. */
export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface FetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Default privateUrlsAllowed() (ALLOW_PRIVATE_URLS=1, tests only). */
  allowPrivate?: boolean;
  /** Which resolved addresses may be connected to (default: public ones, or any when allowPrivate). */
  addressAllowed?: (ip: string) => boolean;
  /** Name resolution (default the system resolver); tests give a fixed answer. */
  resolve?: Resolver;
  signal?: AbortSignal;
}

export interface FetchedPage {
  body: Buffer;
  finalUrl: string;
  contentType: string;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);
export const systemResolve: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Every address the name resolves to, when all of them are allowed; else FetchRefused. The one
 * rule for names: the cache-page fetcher and the run-through's egress proxy (egress-proxy.ts)
 * both connect only to an address this answered, so a DNS answer cannot change between check and use.
 */
export async function allowedAddresses(hostname: string, addressAllowed: (ip: string) => boolean, resolve: Resolver = systemResolve): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname);
  if (!addresses.length) throw new FetchRefused(`${hostname} has no address`);
  if (addresses.some((a) => !addressAllowed(a.address))) throw new FetchRefused(`${hostname} resolves to a private or local address`);
  return addresses;
}
const HTML = /^(text\/html|application\/xhtml\+xml)\b/i;

/** GETs one URL; answers the response (redirects are the caller's), refusing what the rules forbid. */
function getOnce(url: URL, o: Required<Pick<FetchOptions, 'maxBytes'>> & { addressAllowed: (ip: string) => boolean; resolve: Resolver; signal: AbortSignal }):
  Promise<{ status: number; location?: string; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    // Called by net.connect for names (never for IP literals, which parsePublicUrl checked).
    const lookup = (hostname: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
      allowedAddresses(hostname, o.addressAllowed, o.resolve).then((addresses) => {
        if (options.all) cb(null, addresses);
        else cb(null, addresses[0].address, addresses[0].family);
      }).catch((err: Error) => cb(err));
    };
    const req = lib.request(url, {
      method: 'GET',
      lookup: lookup as never,
      signal: o.signal,
      headers: { 'user-agent': 'Gazeboard cache page fetcher', accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'identity' },
    }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = String(res.headers['content-type'] ?? '');
      if (status >= 300 && status < 400) {
        res.resume();
        resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
        return;
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > o.maxBytes) {
        res.destroy();
        reject(new FetchRefused(`The page is larger than ${sizeText(o.maxBytes)}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > o.maxBytes) {
          res.destroy();
          reject(new FetchRefused(`The page is larger than ${sizeText(o.maxBytes)}`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', (err) => reject(err));
    req.end();
  });
}

/** Fetches an HTML page under the rules above; FetchRefused says why it will not be cached. */
export async function fetchPublicPage(input: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  const allowPrivate = opts.allowPrivate ?? privateUrlsAllowed();
  const addressAllowed = opts.addressAllowed ?? ((ip: string) => allowPrivate || !isPrivateAddress(ip));
  const timeoutMs = opts.timeoutMs ?? CACHE_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  const o = { maxBytes: opts.maxBytes ?? CACHE_MAX_BYTES, addressAllowed, resolve: opts.resolve ?? systemResolve, signal };
  let current = input;
  for (let hop = 0; hop <= (opts.maxRedirects ?? CACHE_MAX_REDIRECTS); hop++) {
    const url = parsePublicUrl(current, { allowPrivate, protocols: ['http:', 'https:'] });
    if (!url) throw new FetchRefused(hop ? `Redirected to an address that cannot be cached: ${current.slice(0, 200)}` : 'Only public http and https addresses can be cached');
    // An IP literal never reaches the lookup: check it against the same rule here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (/^[\d.]+$|:/.test(host) && !addressAllowed(host)) throw new FetchRefused('The address is private or local');
    let res;
    try {
      res = await getOnce(url, o);
    } catch (err) {
      if (err instanceof FetchRefused) throw err;
      if (deadline.aborted) throw new FetchRefused(`The page did not answer within ${Math.round(timeoutMs / 1000)} s`);
      if (opts.signal?.aborted) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      throw new FetchRefused(`Could not reach the page${code ? ` (${code})` : ''}`);
    }
    if (res.status >= 300 && res.status < 400) {
      if (!res.location) throw new FetchRefused(`The page answered HTTP ${res.status} without a location`);
      current = new URL(res.location, url).toString();
      continue;
    }
    if (res.status !== 200) throw new FetchRefused(`The page answered HTTP ${res.status}`);
    if (!HTML.test(res.contentType)) throw new FetchRefused(`Not a web page (${res.contentType.split(';')[0] || 'no content type'})`);
    return { body: res.body, finalUrl: url.toString(), contentType: res.contentType };
  }
  throw new FetchRefused(`More than ${opts.maxRedirects ?? CACHE_MAX_REDIRECTS} redirects`);
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The stored snapshot: scripts and refresh tags removed (the sandbox already forbids scripts; this
 * keeps the stored copy inert too) and a <base> so the page's relative images and styles load.
 */
export function snapshotHtml(page: FetchedPage): string {
  let html = page.body.toString('utf8');
  html = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '').replace(/<script\b[^>]*>/gi, '');
  html = html.replace(/<meta[^>]+http-equiv\s*=\s*["']?refresh[^>]*>/gi, '');
  html = html.replace(/<base\b[^>]*>/gi, '');
  const base = `<base href="${escapeAttr(page.finalUrl)}">`;
  if (/<head\b[^>]*>/i.test(html)) return html.replace(/<head\b[^>]*>/i, (m) => `${m}${base}`);
  return `<!doctype html><head>${base}</head>${html}`;
}
