// Runtime configuration from the environment (documented in README and docs/operations.md).
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
  };
}
