// Two checks of the import graph that eslint's boundaries map cannot make (issue 40 items 6 and 7),
// a step of `npm run lint`:
//   1. dead exports: an export of our source that no file imports (not even a test) is either
//      dead code or a name that should not be exported;
//   2. import cycles: a cycle between our files (static, type-only and dynamic imports alike).
// It reads the files with the TypeScript compiler's parser only (no type check: seconds, not
// minutes) and resolves specifiers with the compiler's own module resolution (tsconfig.json), so
// the server's `.js` specifiers, the SDK's extension-less ones and `import.meta.glob` are followed.
//
//   npx tsx scripts/check-imports.ts          (exit 1 and a list when something is found)
//   proven by a deliberate dead export and cycle: tests/lint/imports.test.mjs
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Folders of our source (tsconfig.json's include, minus the generated and the fixtures). */
const ROOTS = ['contract', 'sdk', 'dashboard', 'runner', 'server', 'shared', 'tests', 'bench', 'scripts', 'examples'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'fixtures', 'migrations', '.data', '.artifacts']);

/**
 * Files whose every export is used by something that is not an import: public entry points,
 * files found by a folder scan or a tool, tests and scripts (run, not imported).
 */
export const ENTRY_POINTS: RegExp[] = [
  /^sdk\/index\.ts$/, /^sdk\/define-all\.ts$/, /^sdk\/define-lazy\.ts$/, /^sdk\/iife\.ts$/, // the SDK's public entries
  /^sdk\/elements\/[^/]+\/[^/]+\.element\.ts$/, // each element's module (per-element build, its class is public)
  /^server\/main\.ts$/, /^server\/routes\/[^/]+\/index\.ts$/, // start-up; routes found by folder scan
  /^server\/db\/schema\//, // drizzle-kit reads the schema's every table
  /^dashboard\/main\.tsx$/, /^runner\/src\/main\.ts$/, // bundles' entries
  /^[^/]+\.ts$/, // vite/vitest/drizzle configs at the root
  /^bench\//, /^scripts\//, /^examples\//, // run by hand, CI or npm scripts
  /\.test\.tsx?$/, /^server\/test\//, /^tests\//,
];

/**
 * Single exports kept on purpose although nothing imports them (file → names), each with its reason.
 * Keep this short: an entry here is a promise that something outside the import graph uses it.
 */
export const KEEP: Record<string, { names: string[]; why: string }> = {
  'sdk/ui/events.ts': { names: ['GazeWindowEventMap'], why: 'the typed window event map hosts read (global WindowEventMap)' },
  'sdk/ui/charts/a11yAbsentPart.ts': { names: ['default'], why: 'the library build resolves three Highcharts accessibility components to it (vite.lib.config.ts highchartsA11yParts)' },
};

export interface Finding {
  deadExports: { file: string; name: string }[];
  cycles: string[][];
}

interface FileInfo {
  exports: Set<string>;
  /** Names this file only passes on (`export { a } from './x'`): the declaration is checked in x. */
  passed: Set<string>;
  /** Re-exports of another file's names: `export { a as b } from './x'` (b here is a of x). */
  reexports: { from: string; names: [string, string][] }[];
  /** `export * from './x'`: this file also exports every name of x. */
  starFrom: string[];
  /** Files whose every export counts as used (namespace import, dynamic import, glob). */
  usesAll: Set<string>;
  /** file → names imported from it. */
  uses: Map<string, Set<string>>;
  /** Every file this one imports (cycle graph). */
  edges: Set<string>;
  /** How many times each identifier occurs in the file (an export named once is used nowhere). */
  mentions: Map<string, number>;
}

function listFiles(root: string, dir: string, out: string[]): void {
  let entries: string[];
  try {
    entries = readdirSync(path.join(root, dir));
  } catch {
    return;
  }
  for (const name of entries) {
    if (SKIP_DIRS.has(name)) continue;
    const rel = dir ? `${dir}/${name}` : name;
    const st = statSync(path.join(root, rel));
    if (st.isDirectory()) listFiles(root, rel, out);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
}

/** Our source files (relative, '/'-separated). */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  for (const r of ROOTS) listFiles(root, r, out);
  for (const name of readdirSync(root)) if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) out.push(name);
  return out;
}

function globToRegExp(glob: string): RegExp {
  const re = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/\*/g, '[^/]*');
  return new RegExp(`^${re}$`);
}

export function analyse(root: string, files: string[]): Finding {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.ReactJSX,
    allowJs: false, resolveJsonModule: true, allowImportingTsExtensions: false,
  };
  const known = new Set(files);
  const host = ts.sys;
  const resolve = (from: string, spec: string): string | null => {
    if (!spec.startsWith('.')) return null; // packages are not ours
    const r = ts.resolveModuleName(spec, path.join(root, from), options, host).resolvedModule;
    if (!r || r.isExternalLibraryImport) return null;
    const rel = path.relative(root, r.resolvedFileName).split(path.sep).join('/');
    return known.has(rel) ? rel : null;
  };

  const info = new Map<string, FileInfo>();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const fi: FileInfo = { exports: new Set(), passed: new Set(), reexports: [], starFrom: [], usesAll: new Set(), uses: new Map(), edges: new Set(), mentions: new Map() };
    info.set(file, fi);
    const use = (target: string | null, names: string[] | 'all') => {
      if (!target) return;
      fi.edges.add(target);
      if (names === 'all') fi.usesAll.add(target);
      else {
        const set = fi.uses.get(target) ?? new Set<string>();
        names.forEach((n) => set.add(n));
        fi.uses.set(target, set);
      }
    };
    const hasExport = (n: ts.Node) => ts.canHaveModifiers(n) && !!ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const hasDefault = (n: ts.Node) => ts.canHaveModifiers(n) && !!ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
        const target = resolve(file, st.moduleSpecifier.text);
        const c = st.importClause;
        if (!c) { use(target, []); continue; }
        const names: string[] = [];
        if (c.name) names.push('default');
        if (c.namedBindings && ts.isNamespaceImport(c.namedBindings)) { use(target, 'all'); continue; }
        if (c.namedBindings && ts.isNamedImports(c.namedBindings)) {
          for (const el of c.namedBindings.elements) names.push((el.propertyName ?? el.name).text);
        }
        use(target, names);
      } else if (ts.isExportDeclaration(st)) {
        if (st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
          const target = resolve(file, st.moduleSpecifier.text);
          if (!st.exportClause) {
            if (target) { fi.starFrom.push(target); fi.edges.add(target); }
          } else if (ts.isNamespaceExport(st.exportClause)) {
            fi.exports.add(st.exportClause.name.text);
            use(target, 'all');
          } else {
            const pairs: [string, string][] = st.exportClause.elements.map((el) => [(el.propertyName ?? el.name).text, el.name.text]);
            pairs.forEach(([, as]) => { fi.exports.add(as); fi.passed.add(as); });
            if (target) { fi.reexports.push({ from: target, names: pairs }); fi.edges.add(target); }
          }
        } else if (st.exportClause && ts.isNamedExports(st.exportClause)) {
          st.exportClause.elements.forEach((el) => fi.exports.add(el.name.text));
        }
      } else if (ts.isExportAssignment(st)) {
        fi.exports.add('default');
      } else if (hasExport(st)) {
        if (hasDefault(st)) fi.exports.add('default');
        else if (ts.isVariableStatement(st)) {
          for (const d of st.declarationList.declarations) {
            if (ts.isIdentifier(d.name)) fi.exports.add(d.name.text);
            else d.name.elements.forEach((e) => { if (ts.isBindingElement(e) && ts.isIdentifier(e.name)) fi.exports.add(e.name.text); });
          }
        } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) {
          fi.exports.add(st.name.text);
        }
      }
    }
    // Dynamic imports, import('x') types, import.meta.glob and vi.mock / vi.importActual anywhere in the file.
    const walk = (n: ts.Node): void => {
      if (ts.isIdentifier(n)) fi.mentions.set(n.text, (fi.mentions.get(n.text) ?? 0) + 1);
      if (ts.isCallExpression(n) && n.arguments.length && ts.isStringLiteralLike(n.arguments[0])) {
        const arg = n.arguments[0].text;
        const callee = n.expression.getText(sf);
        if (n.expression.kind === ts.SyntaxKind.ImportKeyword || /^vi\.(mock|importActual|doMock)$/.test(callee)) {
          use(resolve(file, arg), 'all');
        } else if (callee === 'import.meta.glob') {
          const re = globToRegExp(path.posix.join(path.posix.dirname(file), arg));
          // A folder scan is not an import of a file: no cycle edge (routes.ts ↔ */route.tsx).
          for (const f of files) if (re.test(f) && f !== file) fi.usesAll.add(f);
        }
      } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
        const target = resolve(file, n.argument.literal.text);
        if (n.qualifier) use(target, [n.qualifier.getText(sf).split('.')[0]]);
        else use(target, 'all');
      }
      ts.forEachChild(n, walk);
    };
    walk(sf);
  }

  // Names used per file, following re-exports (`export { a } from './x'` used → x's a used;
  // `export * from './x'` → a name used here that x exports is x's).
  const used = new Map<string, Set<string>>();
  const all = new Set<string>();
  const markAll = (file: string, seen = new Set<string>()) => {
    if (seen.has(file)) return;
    seen.add(file);
    all.add(file);
    const fi = info.get(file);
    if (!fi) return;
    fi.reexports.forEach((r) => r.names.forEach(([orig]) => mark(r.from, orig)));
    fi.starFrom.forEach((f) => markAll(f, seen));
  };
  const mark = (file: string, name: string, depth = 0): void => {
    if (depth > 20) return;
    const set = used.get(file) ?? new Set<string>();
    if (set.has(name)) return;
    set.add(name);
    used.set(file, set);
    const fi = info.get(file);
    if (!fi) return;
    for (const r of fi.reexports) for (const [orig, as] of r.names) if (as === name) mark(r.from, orig, depth + 1);
    if (!fi.exports.has(name)) for (const f of fi.starFrom) mark(f, name, depth + 1);
  };
  for (const [file, fi] of info) {
    for (const [target, names] of fi.uses) names.forEach((n) => mark(target, n));
    fi.usesAll.forEach((t) => markAll(t));
    if (ENTRY_POINTS.some((re) => re.test(file))) markAll(file);
  }

  const deadExports: Finding['deadExports'] = [];
  for (const [file, fi] of info) {
    if (all.has(file)) continue;
    const u = used.get(file) ?? new Set();
    const keep = KEEP[file]?.names ?? [];
    // An export its own file uses is only exported too widely; one used nowhere at all is dead code.
    for (const name of fi.exports) {
      if (u.has(name) || keep.includes(name) || fi.passed.has(name)) continue;
      if (name !== 'default' && (fi.mentions.get(name) ?? 0) > 1) continue;
      deadExports.push({ file, name });
    }
  }

  // Cycles: strongly connected components of more than one file (Tarjan), each listed once.
  const cycles: string[][] = [];
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const strong = (v: string) => {
    idx.set(v, index); low.set(v, index); index += 1; stack.push(v); on.add(v);
    for (const w of info.get(v)?.edges ?? []) {
      if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do { w = stack.pop()!; on.delete(w); comp.push(w); } while (w !== v);
      const self = comp.length === 1 && info.get(v)?.edges.has(v);
      if (comp.length > 1 || self) cycles.push(comp.sort());
    }
  };
  for (const f of info.keys()) if (!idx.has(f)) strong(f);
  return { deadExports: deadExports.sort((a, b) => `${a.file}:${a.name}`.localeCompare(`${b.file}:${b.name}`)), cycles };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  // --root <dir>: another tree laid out like the repository (tests/lint/imports.test.mjs's fixture).
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? path.resolve(process.argv[at + 1]) : process.cwd();
  const { deadExports, cycles } = analyse(root, sourceFiles(root));
  for (const d of deadExports) console.error(`${d.file}: '${d.name}' is exported but never imported (remove it, or unexport it)`);
  for (const c of cycles) console.error(`import cycle: ${c.join(' ↔ ')}`);
  if (deadExports.length || cycles.length) {
    console.error(`\n${deadExports.length} dead export(s), ${cycles.length} import cycle(s) (scripts/check-imports.ts)`);
    process.exit(1);
  }
  console.log('check-imports: no dead exports, no import cycles');
}
