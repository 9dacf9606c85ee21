// Issue 40 item 1: GET /healthz (liveness) and /readyz (database, migrations, job queue,
// storage), public and tiny; the plugin timeout is configured and the routes plugin registers
// modules imported before it starts (no import inside the plugin's own start).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { testApp, freshDatabase } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { MemoryStorage } from '../../storage/index.js';
import routes, { loadAreas, type Area } from '../../routes/index.js';
import { STORAGE_PROBE_KEY } from '../../services/health.js';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => ({ app, database } = await testApp()));
afterAll(async () => { await app.close(); await database.close(); });

describe('GET /healthz and /readyz', () => {
  it('/healthz answers {success:true} without a token, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 with every check ok, and the storage check wrote its probe', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, checks: { database: 'ok', migrations: 'ok', jobs: 'ok', storage: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await app.storage.exists(STORAGE_PROBE_KEY)).toBe(true);
  });

  it('/readyz is 503 "Not ready: migrations" when the database lacks a migration this build ships', async () => {
    const [last] = (await database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`) as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false, message: 'Not ready: migrations', errors: { migrations: 'The database lacks migrations this version needs' },
      });
    } finally {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz is 503 "Not ready: jobs" once the job queue stops (the server is stopping); /healthz stays 200', async () => {
    await app.jobs.stop({ timeoutMs: 1000 });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: 'Not ready: jobs', errors: { jobs: 'The job queue is not running' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz is 503 when storage refuses a write, and names the database once it stops answering', async () => {
    class BrokenStorage extends MemoryStorage {
      override async put(): Promise<never> { throw new Error('disk full'); }
    }
    const db2 = await freshDatabase();
    const app2 = await buildApp({ database: db2, config: { ...loadConfig({}), seed: false, dataDir: '' }, storage: new BrokenStorage() });
    try {
      const res = await app2.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: 'Not ready: storage', errors: { storage: 'Storage does not take a write' } });
      await app2.jobs.stop({ timeoutMs: 1000 });
      await db2.close();
      const down = await app2.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        message: 'Not ready: database, migrations, jobs, storage', errors: { database: 'The database does not answer' },
      });
    } finally {
      await app2.close();
    }
  });
});

describe('start-up within the plugin timeout', () => {
  it('PLUGIN_TIMEOUT_MS configures fastify\'s plugin timeout (default 120 s; not a number is refused)', async () => {
    expect(loadConfig({}).pluginTimeoutMs).toBe(120_000);
    expect(loadConfig({ PLUGIN_TIMEOUT_MS: '90000' }).pluginTimeoutMs).toBe(90_000);
    expect(() => loadConfig({ PLUGIN_TIMEOUT_MS: 'ten' })).toThrow(/PLUGIN_TIMEOUT_MS/);
    expect(app.initialConfig.pluginTimeout).toBe(120_000);
  });

  it('SHUTDOWN_TIMEOUT_MS configures how long a stop waits for requests and the running job (default 30 s)', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(30_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('the routes plugin registers the area modules it is given, importing none itself', async () => {
    const [meta] = (await loadAreas()).filter((a) => a.name === 'meta');
    const registered: string[] = [];
    const bare = Fastify();
    bare.decorate('config', loadConfig({}));
    bare.addHook('onRoute', (r) => { if (!r.url.includes('*')) registered.push(`${r.method} ${r.url}`); });
    // One area only: had the plugin imported the folders itself, every area would be registered.
    await bare.register(routes, { areas: [meta] satisfies Area[] });
    await bare.ready();
    expect(registered.sort()).toEqual(['GET /meta.json', 'GET /v1.0/origin-check', 'HEAD /meta.json', 'HEAD /v1.0/origin-check']);
    await bare.close();
  });
});
