// Issue 21 item 5: two server processes (node --import tsx server/main.ts) on one PostgreSQL
// database and one S3-compatible store (a local s3rver) share nothing else, as behind one load
// balancer address:
//   - a token issued by one works on the other, and signing out on one ends it on both;
//   - a file uploaded through one (signed PUT, streamed to the store) is served by the other;
//   - sign-in failures count across both: the allowance is the same as on one server;
//   - a job enqueued once is run once, by one of them (pg-boss on the shared database).
// Needs TEST_DATABASE_URL (a scratch database is created and dropped). Bounded by counts; nothing
// asserts on elapsed time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { freePort } from '../free-port.js';
import { openScratchPostgres } from '../../server/db/scratch.js';
import type { Database } from '../../server/db/client.js';
import { JobQueue, jobKinds } from '../../server/jobs/index.js';
import { housekeepingJob } from '../../server/jobs/housekeeping.js';
import { providerCompanyId } from '../../server/repositories/users.js';
import { ACCOUNT_ADDRESS_BACKOFF } from '../../server/routes/auth/index.js';
import { loadUrlSigner } from '../../server/storage/sign.js';
import { publicUrl } from '../../server/storage/index.js';

const MAX_USERNAME_FAILURES = ACCOUNT_ADDRESS_BACKOFF.free;

const base = process.env.TEST_DATABASE_URL;
const PASSWORD = 'scale-out-admin-password';
const JOBS = 12;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface S3rverInstance { run(): Promise<unknown>; close(): Promise<unknown> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;


interface Server { name: string; child: ChildProcess; base: string; logFile: string }

async function startServer(name: string, env: Record<string, string>, dir: string): Promise<Server> {
  const port = await freePort();
  const logFile = path.join(dir, `${name}.log`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const server = { name, child, base: `http://127.0.0.1:${port}`, logFile };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; log: ${logFile}`);
    try {
      if ((await fetch(`${server.base}/meta.json`)).ok) return server;
    } catch { /* not listening yet */ }
    await sleep(200);
  }
  throw new Error(`${name} did not start; log: ${logFile}`);
}

async function stop(server: Server | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

const json = async (server: Server, method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Token ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
};

describe.skipIf(!base)('two server processes on one PostgreSQL database and one store (issue 21 item 5)', () => {
  let dir: string;
  let database: Database & { url: string };
  let s3rver: S3rverInstance;
  let a: Server;
  let b: Server;
  let token: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-scale-out-'));
    database = await openScratchPostgres(base!, 'gazeboard_scaleout');
    const s3Port = await freePort();
    s3rver = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'scale-out', configs: [] }] });
    await s3rver.run();
    const env = {
      DATABASE_URL: database.url, ADMIN_PASSWORD: PASSWORD, DATA_DIR: path.join(dir, 'unused-data'),
      STORAGE: 's3', S3_BUCKET: 'scale-out', S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    // The first creates the installation (admin); the second joins the non-empty database.
    a = await startServer('a', env, dir);
    b = await startServer('b', env, dir);
    const signIn = await json(a, 'POST', '/v1.0/auth-token', { username: 'admin', password: PASSWORD });
    expect(signIn.status).toBe(200);
    token = signIn.body.token;
  });

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await s3rver?.close();
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a token issued by one works on the other; signing out on one ends it on both', async () => {
    expect((await json(b, 'GET', '/v1.0/user/get-details', undefined, token)).status).toBe(200);
    const other = (await json(b, 'POST', '/v1.0/auth-token', { username: 'admin', password: PASSWORD })).body.token as string;
    expect((await json(a, 'GET', '/v1.0/user/get-details', undefined, other)).status).toBe(200);
    expect((await json(a, 'POST', '/v1.0/auth-token/revoke', undefined, other)).status).toBe(200);
    expect((await json(b, 'GET', '/v1.0/user/get-details', undefined, other)).status).toBe(401);
    expect((await json(a, 'GET', '/v1.0/user/get-details', undefined, other)).status).toBe(401);
  });

  it('a file uploaded through one is stored in the shared store and served by the other', async () => {
    const signed = await json(a, 'POST', '/v1.0/stims/create_signed_url', { file_name: 'shared.png' }, token);
    expect(signed.status).toBe(200);
    const img = new PNG({ width: 40, height: 40 });
    let seed = 88172645;
    img.data = Buffer.from(Array.from({ length: 40 * 40 * 4 }, () => {
      seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
      return seed & 255;
    }));
    const bytes = PNG.sync.write(img);
    const put = await fetch(signed.body.url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    // The signing secret lives in the database (app_setting), so a download URL signed with it
    // opens, on server b, the object server a streamed into the store.
    const signer = await loadUrlSigner(database.db, undefined);
    const got = await fetch(`${b.base}${publicUrl({ signer }, signed.body.source)}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await got.arrayBuffer()), bytes)).toBe(0);
  });

  it('sign-in failures count across both servers: the allowance is one server\'s, not two', async () => {
    const username = `nobody-${Date.now()}`;
    let failures = 0;
    let refusedAt = -1;
    for (let i = 0; i < 2 * MAX_USERNAME_FAILURES + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await json(server, 'POST', '/v1.0/auth-token', { username, password: `wrong-${i}` });
      if (res.status === 401) failures++;
      else if (res.status === 429) { refusedAt = i; break; }
      else throw new Error(`unexpected ${res.status}`);
    }
    expect(failures).toBe(MAX_USERNAME_FAILURES);
    expect(refusedAt).toBe(MAX_USERNAME_FAILURES);
    for (const server of [a, b]) {
      const res = await json(server, 'POST', '/v1.0/auth-token', { username, password: 'wrong-again' });
      expect(res.status, server.name).toBe(429);
      expect(Number(res.headers.get('retry-after')), server.name).toBeGreaterThan(0);
    }
  });

  it('jobs on the shared database: each one enqueued is run exactly once, by one of the servers', async () => {
    // A third client enqueues (as a server does on start); both servers' workers poll the queue.
    const queue = await JobQueue.start(database, { kinds: jobKinds, work: false });
    const owner = (await providerCompanyId(database.db))!;
    const ids: number[] = [];
    try {
      for (let i = 0; i < JOBS; i++) ids.push((await queue.enqueue(housekeepingJob, {}, { companyId: owner })).id);
    } finally {
      await queue.stop({ timeoutMs: 1000 });
    }
    // Plus the one each start queued (keyed: the second start reused the first's unless it had finished).
    for (let i = 0; i < 600; i++) {
      const states = await Promise.all(ids.map(async (id) => (await json(a, 'GET', `/v1.0/jobs/${id}`, undefined, token)).body.data.state as string));
      if (states.every((s) => s === 'completed')) break;
      if (states.some((s) => s === 'failed')) throw new Error(`a job failed: ${states.join(', ')}`);
      await sleep(250);
    }
    const logs = `${await readFile(a.logFile, 'utf8')}\n${await readFile(b.logFile, 'utf8')}`;
    for (const id of ids) {
      const job = (await json(b, 'GET', `/v1.0/jobs/${id}`, undefined, token)).body.data;
      expect(job, `job ${id}`).toMatchObject({ state: 'completed', retry_count: 0 });
      const runs = logs.split('\n').filter((l) => l.includes(`job housekeeping #${id}: removed`));
      expect(runs, `job ${id}`).toHaveLength(1);
    }
  });
});
