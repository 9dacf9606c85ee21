// Shared set-up of the security suites: an app on a fresh database (PGlite in memory, or a scratch
// PostgreSQL database with TEST_DATABASE_URL), optionally with the demo structure seeded, and
// sign-in for the demo accounts.
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { Database } from '../../server/db/client.js';
import { freshDatabase } from '../../server/test/helpers.js';
import { TEST_SCRYPT_LOG_N } from '../../server/test/fixtures.js';
import { MemoryStorage } from '../../server/storage/index.js';
import { seedOnStart, DEMO_PASSWORD } from '../../server/seed/index.js';

export interface SecurityApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function securityApp(opts: { demo?: boolean; config?: Partial<Config> } = {}): Promise<SecurityApp> {
  const database = await freshDatabase();
  const storage = new MemoryStorage();
  if (opts.demo) await seedOnStart(database.db, storage, { demo: true });
  const config = { ...loadConfig({}), seed: false, dataDir: '', scryptLogN: TEST_SCRYPT_LOG_N, ...opts.config };
  const app = await buildApp({ database, config, storage });
  await app.ready();
  return { app, database, close: async () => { await app.close(); await database.close(); } };
}

export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1.0/auth-token', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A real PNG whose bytes do not compress (so it is larger than file-type's sample). */
export function noisyPng(side = 40): Buffer {
  const img = new PNG({ width: side, height: side });
  let seed = 2463534242;
  img.data = Buffer.from(Array.from({ length: side * side * 4 }, () => {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    return seed & 255;
  }));
  return PNG.sync.write(img);
}

/** The path and query of a URL (inject wants no origin). */
export const pathOf = (url: string) => {
  const u = new URL(url, 'http://x');
  return u.pathname + u.search;
};
