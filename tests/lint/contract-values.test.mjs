// The SDK takes only TYPES from the contract's schema files; the values it needs at run time
// (limits, words, closed sets) come from TypeBox-free files (contract/values/*, csv.ts, urls.ts,
// …), so no browser bundle carries a schema or TypeBox itself (issue 40 item 3: 11 KB brotli of
// TypeBox plus the schemas, in every element that named one constant). A value import of a file
// that reaches `typebox`, however indirectly, is reported with the names it imports.
//
// The check is proven on a deliberate fault first (fixtures/contract-values/): a checker that
// resolves nothing finds nothing, so "the SDK is clean" alone would prove nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));

function sourceFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    // Tests and test helpers never reach a bundle.
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$|test-utils\.tsx?$|test-transport\.ts$|\.d\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The value imports and re-exports of a file: [specifier, names] (type-only ones left out). */
function valueImports(file) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out = [];
  for (const st of sf.statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier) continue;
    const spec = st.moduleSpecifier.text;
    const names = [];
    if (ts.isImportDeclaration(st)) {
      const c = st.importClause;
      if (!c) names.push('(side effects)');
      else if (!c.isTypeOnly) {
        if (c.name) names.push('default');
        const b = c.namedBindings;
        if (b && ts.isNamespaceImport(b)) names.push(`* as ${b.name.text}`);
        if (b && ts.isNamedImports(b)) for (const el of b.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
      }
    } else if (!st.isTypeOnly) {
      const c = st.exportClause;
      if (!c) names.push('*');
      else if (ts.isNamedExports(c)) {
        for (const el of c.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
      } else names.push(`* as ${c.name.text}`);
    }
    if (names.length) out.push([spec, names]);
  }
  return out;
}

/** A relative specifier to the file it names (`./x.js` and `./x` are both ./x.ts). */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, '');
  for (const f of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(f)) return f;
  return null;
}

/** Whether a module pulls in typebox at run time, through value imports only. */
function reachesTypebox(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  return valueImports(file).some(([spec]) => spec === 'typebox' || spec.startsWith('typebox/')
    || (resolve(file, spec) !== null && reachesTypebox(resolve(file, spec), seen)));
}

/** Every value import from a browser folder into `contractDir` that brings TypeBox with it. */
export function typeboxLeaks(browserDirs, contractDir) {
  const problems = [];
  for (const dir of browserDirs) {
    for (const file of sourceFiles(dir)) {
      for (const [spec, names] of valueImports(file)) {
        if (spec === 'typebox' || spec.startsWith('typebox/')) {
          problems.push(`${path.relative(root, file)}: imports ${names.join(', ')} from typebox itself`);
          continue;
        }
        const target = resolve(file, spec);
        if (!target || !target.startsWith(contractDir + path.sep)) continue;
        if (reachesTypebox(target)) {
          problems.push(`${path.relative(root, file)}: imports ${names.join(', ')} from ${path.relative(root, target)}, which brings TypeBox: take the values from a TypeBox-free file (contract/values/) and the types with \`import type\``);
        }
      }
    }
  }
  return problems;
}

test('the check finds a deliberate leak and passes a type-only import and a values file', () => {
  const fixture = path.join(root, 'tests/lint/fixtures/contract-values');
  const problems = typeboxLeaks([path.join(fixture, 'sdk')], path.join(fixture, 'contract'));
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /sdk\/leaks\.ts: imports NAME_MAX from .*contract\/area\.ts, which brings TypeBox/);
});

test('contract/values/ imports nothing but its own files (no package, no schema file)', () => {
  const dir = path.join(root, 'contract/values');
  const problems = [];
  for (const file of sourceFiles(dir)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const st of sf.statements) {
      if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier) continue;
      const spec = st.moduleSpecifier.text;
      if (!spec.startsWith('./') || spec.includes('/', 2)) problems.push(`${path.relative(root, file)}: imports ${spec}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('no SDK file takes a value from a contract file that brings TypeBox', () => {
  const problems = typeboxLeaks([path.join(root, 'sdk')], path.join(root, 'contract'));
  assert.deepEqual(problems, []);
});
