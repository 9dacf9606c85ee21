// esbuild knows no `import.meta.glob` (a Vite feature). This plugin expands the eager form Vite
// understands, `import.meta.glob('./dir/*/*.x.ts', { eager: true })`, in our own sources into
// static imports of the matching files (sorted, so the order is the same as Vite's), so code that
// discovers modules on disk (sdk/define-all.ts, dashboard routes) bundles the same in both.
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** Files under `dir` matching a relative glob with `*` (one path segment) parts. */
async function expand(dir, pattern) {
  const parts = pattern.replace(/^\.\//, '').split('/');
  const toRegex = (p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  let found = [''];
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const next = [];
    for (const base of found) {
      const entries = await readdir(join(dir, base), { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (toRegex(part).test(e.name) && (last ? e.isFile() : e.isDirectory())) next.push(base ? `${base}/${e.name}` : e.name);
      }
    }
    found = next;
  }
  return found.sort().map((f) => `./${f}`);
}

export function importGlobPlugin() {
  return {
    name: 'import-meta-glob',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx)$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.glob(')) return undefined;
        const dir = dirname(args.path);
        const imports = [];
        let n = 0;
        const re = /import\.meta\.glob(?:<[^>]*>)?\(\s*'([^']+)'\s*,\s*\{\s*eager:\s*true\s*\}\s*\)/g;
        let out = '';
        let last = 0;
        for (const m of source.matchAll(re)) {
          const files = await expand(dir, m[1]);
          const entries = files.map((f) => {
            const id = `__glob_${n++}`;
            imports.push(`import * as ${id} from ${JSON.stringify(f)};`);
            return `${JSON.stringify(f)}: ${id}`;
          });
          out += source.slice(last, m.index) + `({ ${entries.join(', ')} })`;
          last = m.index + m[0].length;
        }
        out += source.slice(last);
        if (/import\.meta\.glob\(/.test(out.replace(/^\s*\/\/.*$/gm, ''))) {
          throw new Error(`${relative(process.cwd(), args.path)}: only import.meta.glob('<pattern>', { eager: true }) is supported in esbuild bundles`);
        }
        return { contents: `${imports.join('\n')}\n${out}`, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
