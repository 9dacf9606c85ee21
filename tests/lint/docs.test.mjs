// Docs stay true where a check can tell (issue 40 item 10), a step of `npm run lint`:
//   1. every file or folder path named in docs/*.md and the folder READMEs exists;
//   2. every variable of docs/operations.md's Environment table is read by server/config.ts (or,
//      listed in READ_ELSEWHERE, by the one file that reads it), and every variable config.ts
//      reads is documented in docs/operations.md.
// A path is a backticked token starting with one of the repository's folders (or, in a folder's
// README, a file of that folder); placeholders (<name>, *, {…}, …) are checked up to the first one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
const FOLDERS = ['sdk', 'server', 'contract', 'dashboard', 'runner', 'bench', 'scripts', 'tests', 'docs', 'shared', 'examples'];
/** Build output and runtime data: named by the docs, absent from a clean checkout. */
const GENERATED = /^(dist|data|coverage|tmp|node_modules|bench\/\.data|tests\/\.artifacts)(\/|$)/;

/** docs/*.md and every README.md outside node_modules and dist. */
function documents() {
  const out = readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  const walk = (dir) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', 'data', '.git', 'fixtures'].includes(e.name) && !e.name.startsWith('.')) walk(rel);
      } else if (e.name === 'README.md') out.push(rel);
    }
  };
  walk('');
  return [...new Set(out)];
}

/** The path part of a backticked token that names one of our files or folders, or null. */
function pathOf(token, docDir) {
  let t = token.trim().replace(/^\.\//, '');
  if (/\s/.test(t) || /^[a-z]+:\/\//i.test(t) || t.startsWith('/')) return null;
  t = t.replace(/[#?].*$/, '').replace(/:\d+(-\d+)?$/, '');
  // Up to the first placeholder: `sdk/elements/<name>/`, `routes/*/index.ts`, `{a,b}`, `…`.
  const cut = t.search(/[<*{…[]|\.\.\./);
  if (cut === 0) return null;
  if (cut > 0) t = t.slice(0, t.lastIndexOf('/', cut) + 1);
  if (!t) return null;
  const top = t.split('/')[0];
  if (FOLDERS.includes(top) && t.includes('/')) return t;
  if (FOLDERS.includes(top) && t === top) return null;
  // A file of the README's own folder (`src/calibration.ts` in runner/README.md).
  if (docDir !== 'docs' && docDir !== '' && /^[\w.-]+(\/[\w.-]+)*\.(ts|tsx|mjs|js|json|md|sql|css)$|^[\w.-]+\/$/.test(t) && existsSync(path.join(root, docDir, t.split('/')[0]))) {
    return `${docDir}/${t}`;
  }
  if (docDir === '' && /^[\w.-]+\.(ts|mjs|js|json)$/.test(t)) return t; // root files named by the README
  return null;
}

test('every file path named in the docs exists', () => {
  const missing = [];
  let checked = 0;
  for (const doc of documents()) {
    const text = readFileSync(path.join(root, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
    const docDir = path.posix.dirname(doc) === '.' ? '' : path.posix.dirname(doc);
    for (const m of text.matchAll(/`([^`\n]+)`/g)) {
      const p = pathOf(m[1], docDir);
      if (!p || GENERATED.test(p)) continue;
      checked += 1;
      if (!existsSync(path.join(root, p))) missing.push(`${doc}: \`${m[1]}\``);
    }
  }
  assert.ok(checked > 200, `only ${checked} paths found: the pattern is broken`);
  assert.deepEqual([...new Set(missing)], []);
});

/** Variables of the Environment table read outside config.ts, by the file that reads them (and why). */
const READ_ELSEWHERE = {
  LOG_LEVEL: 'server/logger.ts', // read before the configuration, to report its errors
  LOG_FORMAT: 'server/logger.ts',
  CHROME_PATH: 'server/jobs/browser.ts', // the run-through job's browser, read when a job starts it
  CHROMIUM_USER: 'server/jobs/browser.ts',
  CHROMIUM_SANDBOX: 'server/jobs/browser.ts',
  ADMIN_PASSWORD: 'server/seed/index.ts', // once, seeding an empty installation
  SKIP_BUILD: 'scripts/start.mjs', // npm start's build step, before the server
  FORCE_BUILD: 'scripts/start.mjs',
};
/** Variables config.ts reads: `env.NAME`, `env['NAME']`, or a name handed to a parser (`wholeNumber(env, 'PORT', …)`). */
const ENV_READ = (text) => new Set([...text.matchAll(/env(?:\.|\[['"])([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g)].map((m) => m[1] ?? m[2]));

test('the Environment table of docs/operations.md and server/config.ts agree', () => {
  const ops = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  const section = ops.slice(ops.indexOf('### Environment'), ops.indexOf('\n## ', ops.indexOf('### Environment')));
  const documented = new Set();
  for (const line of section.split('\n')) {
    const first = /^\| ([^|]+) \|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) documented.add(m[1]);
  }
  assert.ok(documented.size > 20, `only ${documented.size} variables found in the table`);
  const config = readFileSync(path.join(root, 'server/config.ts'), 'utf8');
  const readByConfig = ENV_READ(config);
  const problems = [];
  for (const name of documented) {
    const file = READ_ELSEWHERE[name];
    if (file) {
      if (!readFileSync(path.join(root, file), 'utf8').includes(name)) problems.push(`${name}: documented as read by ${file}, which does not`);
    } else if (!readByConfig.has(name)) problems.push(`${name}: in docs/operations.md's Environment table, never read by server/config.ts`);
  }
  for (const name of readByConfig) {
    if (!new RegExp(`\`${name}\``).test(ops)) problems.push(`${name}: read by server/config.ts, not documented in docs/operations.md`);
  }
  assert.deepEqual(problems, []);
});
