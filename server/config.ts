// Runtime configuration from the environment (documented in README and docs/operations.md),
// parsed and validated here and nowhere else: a value that is not what its variable means stops the
// start with a message naming the variable (server/main.ts prints it and exits 1), never a NaN
// found later. tests/docs.test.ts checks docs/operations.md lists what is read here.
import { isIP } from 'node:net';

/** An S3-compatible bucket for stored files (STORAGE=s3; used by server/storage/s3.ts). */
export interface S3Options {
  bucket: string;
  /** Default us-east-1 (what MinIO and most compatible stores accept). */
  region?: string;
  /** For stores other than AWS: e.g. http://127.0.0.1:9000. */
  endpoint?: string;
  /** Path-style URLs (endpoint/bucket/key): MinIO, s3rver and most self-hosted stores need it. */
  forcePathStyle?: boolean;
  /** When unset, the AWS SDK's default chain (AWS_ACCESS_KEY_ID…, instance roles) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Put in front of every key, to share a bucket ("gazeboard/"). */
  prefix?: string;
  /** Part size for long uploads (≥ 5 MiB, S3's minimum for all but the last part). */
  partBytes?: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Hours a sign-in token stays valid. */
  tokenTtlHours: number;
  /** TOKEN_IDLE_MINUTES: a sign-in token unused this long is refused (0: no idle expiry). */
  tokenIdleMinutes: number;
  /** SCRYPT_LOG_N: password hashes use scrypt with N = 2^this (r 8, p 1); older hashes are redone at sign-in. */
  scryptLogN: number;
  /** Secret for signed file URLs; generated per data dir when unset. */
  urlSecret?: string;
  /** Whether to seed demo data into an empty database. */
  seed: boolean;
  /**
   * TRUST_PROXY: which X-Forwarded-For entries name the client (sign-in limits count it). false:
   * none (the socket's peer is the client); a number: that many proxies in front of the server, the
   * client is the entry they added; a list: the proxies' addresses or CIDR ranges, the client is the
   * right-most entry not in it. Never the left-most entry, which any client can write.
   */
  trustProxy: TrustProxy;
  /** Server timeouts (docs/operations.md "Request limits and timeouts"). */
  timeouts: Timeouts;
  /** External origin (PUBLIC_URL); https turns on HSTS. */
  publicUrl?: string;
  /** Other origins allowed to call the API from a browser (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins?: string[];
  /**
   * CORS_MAX_AGE: seconds a browser may cache a preflight's answer (Access-Control-Max-Age), so a
   * front end on another origin (the legacy client) does not precede every call with an OPTIONS.
   */
  corsMaxAge?: number;
  /** The provider's site and the product names the dashboard sends there (/meta.json); unset: contract/meta.ts defaults. */
  productSite?: string;
  products?: string[];
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…): study notifications are e-mailed; unset, the outbox is the record. */
  smtpUrl?: string;
  /** MAIL_FROM: sender of notification e-mails. */
  mailFrom: string;
  /**
   * The second origin previews of third-party markup (script and VAST stims) are served from
   * (FILES_ORIGIN; default http://<host>:<FILES_PORT>), so ad scripts never run with the
   * dashboard's origin or policy. Set both when a proxy maps it to another host name.
   */
  filesOrigin?: string;
  /** Port of the files origin (FILES_PORT; default PORT + 1; 0 = do not listen). */
  filesPort?: number;
  /** STORAGE=s3: files in an S3-compatible bucket instead of DATA_DIR/storage (storage/s3.ts). */
  s3?: S3Options;
  /** PLUGIN_TIMEOUT_MS: how long one fastify plugin may take to start (default 120 000; 0 = no limit). */
  pluginTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM/SIGINT, how long in-flight requests and the running job get (default 30 000). */
  shutdownTimeoutMs: number;
  /** Take-study links (docs/operations.md "Fieldwork links"). */
  take: TakeLimits;
}

export type TrustProxy = false | { hops: number } | { addresses: string[] };

export interface Timeouts {
  /** HEADERS_TIMEOUT_MS: the request line and headers must have arrived within this (else 408, closed). */
  headersMs: number;
  /** REQUEST_TIMEOUT_MS: the whole request, body included (uploads too), within this (else 408, closed). */
  requestMs: number;
  /** BODY_TIMEOUT_MS: a small body (routes with a contract bodyLimit of 64 KB or less) within this after its headers. */
  smallBodyMs: number;
}

/** proxy-addr's names for ranges (loopback 127.0.0.1/8 and ::1, linklocal, uniquelocal: private networks). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, empty or 0 → false; a whole number → that many hops; otherwise a comma list
 * of proxy addresses, CIDR ranges or range names. `1` (the old "trust X-Forwarded-For") now means
 * one proxy, so an existing setting keeps working, but safely. `true`/`all`/`*` are refused: they
 * would make the left-most, client-written entry the address every limit counts.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 20) throw new Error(`TRUST_PROXY: ${v} hops is not plausible (at most 20)`);
    return { hops };
  }
  const entries = v.split(/[\s,]+/).filter(Boolean);
  for (const e of entries) {
    if (PROXY_RANGE_NAMES.has(e.toLowerCase())) continue;
    const [addr, bits, extra] = e.split('/');
    const family = isIP(addr);
    const maxBits = family === 4 ? 32 : 128;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !okBits || extra !== undefined) {
      throw new Error(`TRUST_PROXY: "${e}" is neither a number of proxies (1, 2, …) nor a proxy address or CIDR range (10.0.0.5, 10.0.0.0/8, loopback); trusting every address would let any client choose the address the sign-in limits count`);
    }
  }
  return { addresses: entries.map((e) => (PROXY_RANGE_NAMES.has(e.toLowerCase()) ? e.toLowerCase() : e)) };
}

/**
 * TRUST_PROXY as fastify's trustProxy. A hop count is a function (proxy-addr asks it per hop,
 * from the socket's peer outwards): fastify's own number option trusts nothing since 5.x. Hop
 * counts assume the server is reachable only through its proxies (docs/operations.md).
 */
export function trustProxyOption(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (!tp) return false;
  if ('hops' in tp) {
    const { hops } = tp;
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return tp.addresses;
}

/**
 * The HTTP listener's limits (app.ts and files-origin.ts): fastify turns node's request timeout
 * off by default, so a client sending a byte now and then kept its connection forever. Node checks
 * the timeouts every connectionsCheckingInterval, so a request is closed at most that much after
 * its timeout: a tenth of the header timeout, between 100 ms and 2 s.
 */
export function listenerOptions(t: Timeouts) {
  const connectionsCheckingInterval = Math.min(2000, Math.max(100, Math.floor(t.headersMs / 10)));
  return {
    requestTimeout: t.requestMs,
    http: { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval },
  };
}

/**
 * A whole number from the environment within [min, max], or the default when unset or empty; any
 * other value (letters, a fraction, out of range) throws naming the variable. Every numeric
 * variable is read through this (or millis): never Number() of a raw value.
 */
export function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(v) || v < min || v > max) throw new Error(`${name}: "${raw}" is not a whole number from ${min} to ${max}`);
  return v;
}

/** A positive whole number of milliseconds from the environment, or the default. */
function millis(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 100) throw new Error(`${name}: "${raw}" is not a number of milliseconds (100 or more)`);
  return Number(raw);
}

export function parseTimeouts(env: NodeJS.ProcessEnv): Timeouts {
  const headersMs = millis(env, 'HEADERS_TIMEOUT_MS', 20_000);
  const requestMs = millis(env, 'REQUEST_TIMEOUT_MS', 300_000);
  // Node refuses a header timeout longer than the request timeout.
  if (headersMs > requestMs) throw new Error(`HEADERS_TIMEOUT_MS (${headersMs}) must not exceed REQUEST_TIMEOUT_MS (${requestMs})`);
  return { headersMs, requestMs, smallBodyMs: millis(env, 'BODY_TIMEOUT_MS', 10_000) };
}

/** SCRYPT_LOG_N: 14 (the old cost, 16 MiB) to 20 (1 GiB per hash); default 17 (OWASP's N=2^17, 128 MiB). */
export function parseScryptLogN(value: string | undefined): number {
  if (value === undefined || value === '') return 17;
  if (!/^\d+$/.test(value) || Number(value) < 14 || Number(value) > 20) throw new Error(`SCRYPT_LOG_N: "${value}" is not a whole number from 14 to 20`);
  return Number(value);
}

/** TOKEN_IDLE_MINUTES: default 480 (8 h: a token left overnight is dead by morning); 0 turns idle expiry off. */
export function parseIdleMinutes(value: string | undefined): number {
  if (value === undefined || value === '') return 480;
  if (!/^\d+$/.test(value)) throw new Error(`TOKEN_IDLE_MINUTES: "${value}" is not a whole number of minutes (0: no idle expiry)`);
  return Number(value);
}

/** How take-study links hold cells and how fast one client may start sessions. */
export interface TakeLimits {
  /** TAKE_RESERVATION_MINUTES (default 30): how long a live start holds its cell without a delivery. */
  reservationMinutes: number;
  /** TAKE_START_LIMIT (default 20): live starts per link and client address in the window; 0 = no limit. */
  startLimit: number;
  /** TAKE_START_WINDOW_MINUTES (default 10). */
  startWindowMinutes: number;
}

/** TAKE_* variables: whole positive numbers (0 allowed for the start limit only); anything else stops the start. */
export function parseTakeLimits(env: NodeJS.ProcessEnv): TakeLimits {
  const num = (name: string, fallback: number, min: number, max: number) => wholeNumber(env, name, fallback, min, max);
  return {
    reservationMinutes: num('TAKE_RESERVATION_MINUTES', 30, 1, 24 * 60),
    startLimit: num('TAKE_START_LIMIT', 20, 0, 100_000),
    startWindowMinutes: num('TAKE_START_WINDOW_MINUTES', 10, 1, 24 * 60),
  };
}

/** STORAGE=s3 and its S3_* variables (docs/operations.md "Files on an S3-compatible store"). */
export function parseS3(env: NodeJS.ProcessEnv): S3Options | undefined {
  const kind = (env.STORAGE ?? 'local').trim().toLowerCase();
  if (kind === 'local' || kind === '') return undefined;
  if (kind !== 's3') throw new Error(`STORAGE: "${env.STORAGE}" is not local or s3`);
  if (!env.S3_BUCKET) throw new Error('STORAGE=s3 needs S3_BUCKET');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || env.AWS_REGION || undefined,
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? undefined : env.S3_FORCE_PATH_STYLE === '1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    prefix: env.S3_PREFIX || undefined,
  };
}

/**
 * ALLOWED_ORIGINS as exact origins ("https://intranet.example.com"). A wildcard or `null` would
 * let any page act with a user's token, so they are refused rather than silently ignored.
 */
export function parseOrigins(value: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch { /* reported below */ }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin === 'null' || raw.includes('*')) {
      throw new Error(`ALLOWED_ORIGINS: "${raw}" is not an http(s) origin such as https://intranet.example.com`);
    }
    out.push(url.origin);
  }
  return [...new Set(out)];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: wholeNumber(env, 'PORT', 8080, 0, 65535),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    tokenTtlHours: wholeNumber(env, 'TOKEN_TTL_HOURS', 24 * 7, 1, 24 * 366),
    tokenIdleMinutes: parseIdleMinutes(env.TOKEN_IDLE_MINUTES),
    scryptLogN: parseScryptLogN(env.SCRYPT_LOG_N),
    urlSecret: env.URL_SECRET || undefined,
    seed: env.SEED !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeouts: parseTimeouts(env),
    publicUrl: env.PUBLIC_URL || undefined,
    allowedOrigins: parseOrigins(env.ALLOWED_ORIGINS),
    corsMaxAge: parseCorsMaxAge(env.CORS_MAX_AGE),
    productSite: env.PRODUCT_SITE_URL || undefined,
    products: parseProducts(env.PRODUCT_NAMES),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Gazeboard <no-reply@gazeboard.invalid>',
    ...filesOrigin(env),
    s3: parseS3(env),
    ...lifecycle(env),
    take: parseTakeLimits(env),
  };
}

/**
 * Default preflight cache: 10 minutes. Browsers cut longer values (Chromium at 2 hours); a short
 * cache also means an origin removed from a company's allowed list stops being preflighted soon.
 */
export const DEFAULT_CORS_MAX_AGE = 600;

/** CORS_MAX_AGE in seconds (0 = browsers do not cache preflights); anything else stops the start. */
export function parseCorsMaxAge(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_CORS_MAX_AGE;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 86400) throw new Error(`CORS_MAX_AGE: "${value}" is not a whole number of seconds from 0 to 86400`);
  return n;
}

/** PRODUCT_NAMES="attention, focus": lower-cased one-segment names; a malformed one stops the start. */
export function parseProducts(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const n of names) {
    if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(n)) throw new Error(`PRODUCT_NAMES: "${n}" is not one path segment of lower-case letters, digits and hyphens`);
  }
  return names;
}

/** FILES_ORIGIN / FILES_PORT (see Config.filesOrigin). */
export function filesOrigin(env: NodeJS.ProcessEnv = process.env): { filesOrigin: string; filesPort: number } {
  const port = wholeNumber(env, 'PORT', 8080, 0, 65535);
  const filesPort = wholeNumber(env, 'FILES_PORT', port + 1, 0, 65535);
  const host = env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::' ? env.HOST : '127.0.0.1';
  let origin = `http://${host}:${filesPort}`;
  if (env.FILES_ORIGIN) {
    const url = new URL(env.FILES_ORIGIN);
    if (!/^https?:$/.test(url.protocol)) throw new Error(`FILES_ORIGIN: "${env.FILES_ORIGIN}" is not an http(s) origin`);
    origin = url.origin;
  }
  return { filesOrigin: origin, filesPort };
}

/**
 * This server's own origin as a browser on the same machine reaches it: PUBLIC_URL's, else where
 * it listens (0.0.0.0 and :: as 127.0.0.1). The run-through opens its test links here, never at a
 * host a request named (issue 36: the one private address its browser may reach is this server).
 */
export function ownOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** PLUGIN_TIMEOUT_MS and SHUTDOWN_TIMEOUT_MS (docs/operations.md "Probes and stopping"). */
export function lifecycle(env: NodeJS.ProcessEnv = process.env): { pluginTimeoutMs: number; shutdownTimeoutMs: number } {
  const ms = (name: string, fallback: number) => wholeNumber(env, name, fallback, 0, 24 * 3600_000);
  return { pluginTimeoutMs: ms('PLUGIN_TIMEOUT_MS', 120_000), shutdownTimeoutMs: ms('SHUTDOWN_TIMEOUT_MS', 30_000) };
}
