// A second real server for the specs that start as a new customer would: SEED=0 (no demo data:
// only the provider company and its `admin`), a fresh PGlite DATA_DIR, a free port, the same built
// dashboard and runner. Started before the spec file's first test, stopped after its last.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port';
import { after, before } from 'node:test';

export interface EmptyServer {
  base: string;
  /** The admin's password (ADMIN_PASSWORD of the empty installation). */
  adminPassword: string;
  log: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


export function useEmptyServer(env: Record<string, string> = {}): () => EmptyServer {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  let server: EmptyServer | undefined;
  before(async () => {
    const port = await freePort();
    const filesPort = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'gazeboard-e2e-empty-'));
    const log = path.join(dataDir, 'server.log');
    const adminPassword = 'new-customer-password';
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env, PORT: String(port), FILES_PORT: String(filesPort), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: '0',
      ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'info',
      // Test-only, as for the main e2e server: panel redirects point at this machine's own pages.
      ALLOW_PRIVATE_URLS: '1',
      ...env,
    };
    delete childEnv.DATABASE_URL;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = createWriteStream(log);
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
    const base = `http://127.0.0.1:${port}`;
    // Bounded by a count of polls (~2 minutes on a busy machine), never timed in an assertion.
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`the empty server exited with ${child.exitCode}; log: ${log}`);
      try {
        if ((await fetch(`${base}/meta.json`)).ok) {
          server = { base, adminPassword, log };
          return;
        }
      } catch { /* not listening yet */ }
      await sleep(200);
    }
    throw new Error(`the empty server did not start; log: ${log}`);
  });
  after(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      if ((await Promise.race([exited.then(() => true), sleep(8000).then(() => false)])) === false) child.kill('SIGKILL');
    }
    if (dataDir && !process.env.KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error('the empty server starts in before(): use it inside a test');
    return server;
  };
}
