// A real server process for the reliability suites (node --import tsx server/main.ts, SEED=0, a
// free port): started, killed or stopped, with its output in a log file. Starts are bounded by
// counts of polls, never timed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { freePort } from '../free-port.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Server { child: ChildProcess; base: string }

/** The server processes started and not yet stopped (an afterEach kills what a failed test left). */
export const running = new Set<Server>();


export async function startServer(env: Record<string, string>, logFile: string): Promise<Server> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED: '0', LOG_LEVEL: 'warn' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const server = { child, base: `http://127.0.0.1:${port}` };
  running.add(server);
  // Up to ~2 minutes for a start (a recovering PGlite on a busy machine); never timed.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; log: ${logFile}`);
    try {
      if ((await fetch(`${server.base}/meta.json`)).ok) return server;
    } catch { /* not listening yet */ }
    await sleep(200);
  }
  throw new Error(`server did not start; log: ${logFile}`);
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill(signal);
    await exited;
  }
  running.delete(server);
}

export const killHard = (server: Server) => stop(server, 'SIGKILL');
export const stopGracefully = (server: Server) => stop(server, 'SIGTERM');
export async function killAll(): Promise<void> {
  for (const server of [...running]) await killHard(server);
}
