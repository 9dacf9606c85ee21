// Runtime configuration from the environment (documented in README and docs/operations.md).

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
  /** Secret for signed file URLs; generated per data dir when unset. */
  urlSecret?: string;
  /** Whether to seed demo data into an empty database. */
  seed: boolean;
  /** Behind a reverse proxy: trust X-Forwarded-For so sign-in limits count the real client IP. */
  trustProxy: boolean;
  /** External origin (PUBLIC_URL); https turns on HSTS. */
  publicUrl?: string;
  /** Other origins allowed to call the API from a browser (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins?: string[];
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
  /** Take-study links (docs/operations.md "Fieldwork links"). */
  take: TakeLimits;
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
  const num = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const v = Number(raw);
    if (!Number.isInteger(v) || v < min || v > max) throw new Error(`${name}: "${raw}" is not a whole number from ${min} to ${max}`);
    return v;
  };
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
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    tokenTtlHours: Number(env.TOKEN_TTL_HOURS ?? 24 * 7),
    urlSecret: env.URL_SECRET || undefined,
    seed: env.SEED !== '0',
    trustProxy: env.TRUST_PROXY === '1',
    publicUrl: env.PUBLIC_URL || undefined,
    allowedOrigins: parseOrigins(env.ALLOWED_ORIGINS),
    productSite: env.PRODUCT_SITE_URL || undefined,
    products: parseProducts(env.PRODUCT_NAMES),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Gazeboard <no-reply@gazeboard.invalid>',
    ...filesOrigin(env),
    s3: parseS3(env),
    take: parseTakeLimits(env),
  };
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
  const port = Number(env.PORT ?? 8080);
  const filesPort = env.FILES_PORT !== undefined && env.FILES_PORT !== '' ? Number(env.FILES_PORT) : port + 1;
  const host = env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::' ? env.HOST : '127.0.0.1';
  let origin = `http://${host}:${filesPort}`;
  if (env.FILES_ORIGIN) {
    const url = new URL(env.FILES_ORIGIN);
    if (!/^https?:$/.test(url.protocol)) throw new Error(`FILES_ORIGIN: "${env.FILES_ORIGIN}" is not an http(s) origin`);
    origin = url.origin;
  }
  return { filesOrigin: origin, filesPort };
}
