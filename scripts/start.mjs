#!/usr/bin/env node
// `npm start`: run the server (tsx server/main.ts) in a child with inherited stdio, forwarding
// SIGINT/SIGTERM; when dist/ is missing or older than the sources, build the SDK and dashboard at
// the same time (the build takes ~40 s on two cores, the API must be up within 30 s; the server
// serves dist/app as soon as it exists).
// Env: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data), DATABASE_URL, SEED=0, LOG_LEVEL, LOG_FORMAT,
// SKIP_BUILD=1 (never build), FORCE_BUILD=1 (always build). See docs/operations.md.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const say = (m) => console.log(`[start] ${m}`);

/** Newest modification time under the given paths (node_modules and dist skipped). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    let st;
    try { st = statSync(p); } catch { return; }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach(walk);
  return max;
}

function buildNeeded() {
  if (process.env.FORCE_BUILD === '1') return 'FORCE_BUILD=1';
  const app = path.join('dist', 'app', 'index.html');
  if (!existsSync(app)) return 'dist/app is missing';
  if (!existsSync(path.join('dist', 'sdk'))) return 'dist/sdk is missing';
  if (!existsSync(path.join('dist', 'runner', 'runner.js'))) return 'dist/runner is missing';
  const built = Math.min(statSync(app).mtimeMs, newest([path.join('dist', 'sdk')]) || Infinity);
  const sources = newest(['sdk', 'dashboard', 'runner', 'vite.lib.config.ts', 'vite.app.config.ts', 'vite.runner.config.ts', 'index.html', 'package.json']);
  return sources > built ? 'sources changed since the last build' : null;
}

/** Runs `npm run build` beside the server, its output prefixed, so the API is up in seconds. */
function build(reason) {
  const configs = ['vite.lib.config.ts', 'vite.app.config.ts'].filter((f) => !existsSync(f));
  if (configs.length) {
    say(`WARNING: cannot build the dashboard (${configs.join(', ')} missing); starting the API only.`);
    return null;
  }
  say(`building the SDK and dashboard in the background (${reason}); the API starts meanwhile`);
  const t = Date.now();
  const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`[build] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (code === 0) say(`dashboard built in ${((Date.now() - t) / 1000).toFixed(1)} s: reload the page`);
    else if (code !== null) say('WARNING: the build failed (see [build] lines above); the API keeps running, the dashboard may be missing or stale.');
  });
  return child;
}

const reason = process.env.SKIP_BUILD === '1' ? null : buildNeeded();
const builder = reason ? build(reason) : null;

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs');
const args = existsSync(tsx) ? ['--import', 'tsx', 'server/main.ts'] : [path.join(root, 'node_modules', '.bin', 'tsx'), 'server/main.ts'];
const child = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (builder && builder.exitCode === null) builder.kill(signal);
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15 }[signal] ?? 1) : 1));
});
