// Issue 40 item 1: graceful shutdown of a real server process (node --import tsx server/main.ts,
// SEED=0, a temp DATA_DIR). A sign-in is in flight (the server has its headers and answered
// "100 Continue"; the body is still to come) when SIGTERM arrives: new connections are refused
// from then on, the in-flight request still completes with 200, and the process exits 0 having
// released DATA_DIR's lock. Loops are bounded by counts; nothing asserts on elapsed time.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCK_FILE } from '../../server/db/data-dir.js';
import { migratedDataDir } from '../../server/test/helpers.js';
import { killAll, running, sleep, startServer } from './server-process.js';

let dir = '';
beforeAll(async () => { dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-shutdown-')); });
afterEach(killAll);
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

/** Whether a NEW connection to the port is accepted (a fresh socket, never a pooled one). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

describe('graceful shutdown (SIGTERM)', () => {
  it('an in-flight request completes with 200, new connections are refused, the process exits 0', async () => {
    const dataDir = path.join(dir, 'data');
    await migratedDataDir(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'shutdown-test' }, path.join(dir, 'server.log'));
    const port = Number(new URL(server.base).port);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    const body = JSON.stringify({ username: 'admin', password: 'shutdown-test' });
    const req = http.request({
      host: '127.0.0.1', port, path: '/v1.0/auth-token', method: 'POST', agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const answer = new Promise<{ status: number; json: { token?: string } }>((resolve, reject) => {
      req.once('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as { token?: string } }));
        res.on('error', reject);
      });
      req.once('error', reject);
    });
    // "100 Continue": the server has parsed the request and is waiting for its body.
    await new Promise<void>((resolve, reject) => { req.once('continue', resolve); req.once('error', reject); req.flushHeaders(); });

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    let refused = false;
    for (let i = 0; i < 300 && !refused; i++) {
      refused = !(await accepts(port));
      if (!refused) await sleep(100);
    }
    expect(refused).toBe(true);
    expect(server.child.exitCode).toBeNull(); // still finishing the request

    req.end(body);
    const { status, json } = await answer;
    expect(status).toBe(200);
    expect(json.token).toEqual(expect.any(String));
    expect(await exited).toBe(0);
    running.delete(server);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
