// SDK library build → dist/sdk:
//   dist/sdk/elements/<name>.js  one self-registering ES module per element (shared code in chunks/)
//   dist/sdk/index.js            the side-effect-free API (configure, getStore, signOut, …)
//   dist/sdk/gazeboard.js        ONE self-contained file registering every tag, React inside —
//                                a plain HTML page needs one <script type="module"> and nothing else
//   dist/sdk/gazeboard.iife.js   the same as a classic script (window.Gazeboard), for pages that
//                                cannot load modules
//   dist/sdk/<version>/          both single files again under the package version, for pages
//                                that pin one (every file is stamped: two versions on a page warn)
//   dist/sdk/types/              declarations (vite-plugin-dts)
//   dist/sdk/custom-elements.json the custom-elements manifest (scripts/custom-elements-manifest.ts)
// Everything is bundled (no externals), so pitfall 4 (require('react') from externals) cannot bite.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import { build, defineConfig, runnerImport, type InlineConfig, type LibraryOptions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import dts from 'vite-plugin-dts';
import type * as ManifestScript from './scripts/custom-elements-manifest';

const outDir = 'dist/sdk';
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

const elementEntries = Object.fromEntries(
  readdirSync('sdk/elements', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => [`elements/${d.name}`, `sdk/elements/${d.name}/${d.name}.element.ts`] as const)
    .filter(([, file]) => existsSync(file)),
);

/**
 * The shared runtime, ONE chunk loaded once per page whatever elements it holds: React,
 * styled-components, Redux, redux-saga, r2wc, and our own element shell, store, config,
 * session and keyed-resource code, and the reference lists' reads (sdk/core/api/lookups,
 * sdk/core/lookups: < 1 KB that 15 elements, forms and reports alike, each loaded as one more
 * request). Domains, UI pieces and charts stay with the elements that
 * import them (an element's own chunk carries only its own surface).
 */
const RUNTIME_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler|styled-components|stylis|@emotion[\\/][^\\/]+|tslib|shallowequal|redux|@reduxjs[\\/]toolkit|immer|reselect|redux-thunk|react-redux|use-sync-external-store|redux-saga|@redux-saga[\\/][^\\/]+|@babel[\\/]runtime|@r2wc[\\/][^\\/]+)[\\/]/;
const RUNTIME_SOURCES = /[\\/]sdk[\\/](core[\\/](api[\\/]client|api[\\/]lookups|lookups[\\/]|config[\\/]|store[\\/]|session[\\/]|resource[\\/]|events|page)|elements[\\/]define|ui[\\/](tokens|theme|host))/;
/**
 * The kit's small pieces nearly every element shows (a button, a spinner, a dialog, …): a few
 * hundred bytes each, they cost a request each when split by who uses them (issue 40 item 3: a
 * widget in ≤ 8 requests), so they ride in the runtime: a KPI widget went from 24 requests to 17
 * for the same bytes, every element lost 3-8 requests, the runtime grew 5 KB brotli (bench/elements.ts).
 */
const RUNTIME_KIT = /[\\/]sdk[\\/]ui[\\/](Button|Form|Select|Spinner|Toast|Switch|Menu|Modal|Tooltip|ConfirmDialog|VisuallyHidden|CopyButton|SearchBox|NotFoundState|CheckboxGroup)\.tsx?$/;
export const runtimeChunk = (id: string): string | null =>
  (RUNTIME_PACKAGES.test(id) || RUNTIME_SOURCES.test(id) || RUNTIME_KIT.test(id) ? 'runtime' : null);

/**
 * Kit pieces with a heavy dependency of their own get their own chunk, so the kit's shared chunk
 * (every element loads it) stops carrying them (bench/budgets.ts): drag and drop (@dnd-kit, the
 * board and sortable lists only) was 15 KB gzip of every element's cost.
 */
const DND = /[\\/]node_modules[\\/]@dnd-kit[\\/]|[\\/]sdk[\\/]ui[\\/]SortableList/;

/**
 * The kit (sdk/ui) is side-effect free (styled definitions and functions) except its charts
 * folder (Highcharts modules register themselves). Saying so lets an element that imports the
 * kit's barrel skip the kit pieces it never uses, and their chunks (dnd).
 */
const KIT = /[\\/]sdk[\\/]ui[\\/]/;
const KIT_EFFECTS = /[\\/]sdk[\\/]ui[\\/]charts[\\/]/;
export const moduleSideEffects = (id: string): boolean => !KIT.test(id) || KIT_EFFECTS.test(id);

/** Highcharts (the kit's own master and its accessibility module) and the kit's chart pieces. */
const CHARTS = /[\\/]node_modules[\\/](highcharts|highcharts-react-official)[\\/]|[\\/]sdk[\\/]ui[\\/]charts[\\/]/;

/**
 * The report widget's own code in three chunks (issue 40 item 3: the KPI report widget in ≤ 8
 * requests; it was 17): every module the KPI report reaches beyond the runtime and the charts,
 * its data layer (sdk/core reads and slices, the contract's values, file-saver) in 'report-data',
 * its report features (sdk/features: the KPI card, the report sections, the demographics pies)
 * in 'report-kit', and the features a chart-free element also shows in 'report-views'. The other
 * reports reach most of the same code and load the same chunks. Chart-free elements that read a
 * report's data (replay, share-embed, the batch lists, My Reports, …) load 'report-data'
 * (≈ 7 KB brotli); kit pieces (sdk/ui) and packages stay out, so no form loads any of them.
 * Grouped by hand because rolldown's own merges (`entriesAware`, merge thresholds 0–60 KB) left
 * the widget at 16–21 requests or put report code under the forms (bench/RESULTS.md).
 */
const REPORT_ENTRY = path.resolve('sdk/elements/kpi-report/kpi-report.element.ts');
const REPORT_DATA = /[\\/]sdk[\\/]core[\\/]|[\\/]contract[\\/]|[\\/]node_modules[\\/]file-saver[\\/]/;
const REPORT_FEATURES = /[\\/]sdk[\\/]features[\\/]/;

type ModuleGraph = Pick<ChunkingContext, 'getModuleInfo'>;

/** A module and everything it imports statically: what loads with it. */
function staticClosure(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const walk = [start];
  while (walk.length) {
    const m = walk.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    walk.push(...(graph.getModuleInfo(m)?.importedIds ?? []));
  }
  return seen;
}

export function reportChunks(): (id: string, graph: ModuleGraph) => string | null {
  // Walked once per build, from the module graph rolldown hands the group function.
  let widget: Set<string> | null = null;
  /** Modules some chart-free start (an element, or what one loads by import()) loads statically. */
  let chartFree: Set<string> | null = null;
  return (id, graph) => {
    if (!widget || !chartFree) {
      widget = staticClosure(graph, REPORT_ENTRY);
      // Where loading starts: every entry, and every module loaded by import() from anywhere.
      const everything = new Set<string>();
      const starts = new Set<string>();
      const queue = ['sdk/index.ts', ...Object.values(elementEntries)].map((f) => path.resolve(f));
      queue.forEach((m) => starts.add(m));
      while (queue.length) {
        const m = queue.pop()!;
        if (everything.has(m)) continue;
        everything.add(m);
        const info = graph.getModuleInfo(m);
        info?.dynamicallyImportedIds.forEach((d) => starts.add(d));
        queue.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
      }
      chartFree = new Set();
      for (const start of starts) {
        const loads = staticClosure(graph, start);
        if (![...loads].some((m) => CHARTS.test(m))) loads.forEach((m) => chartFree!.add(m));
      }
    }
    const info = graph.getModuleInfo(id);
    // Entries and what another element loads by import() keep their own files.
    if (!info || info.isEntry || info.dynamicImporters.length || CHARTS.test(id) || !widget.has(id)) return null;
    if (REPORT_DATA.test(id)) return 'report-data';
    // A feature a chart-free element also shows (the gaze explorer and number formats of the
    // batch feature report) goes apart: in 'report-kit' it would bring that element the charts.
    if (REPORT_FEATURES.test(id)) return chartFree.has(id) ? 'report-views' : 'report-kit';
    return null;
  };
}

/** Earlier groups win a module matched by several. */
export const chunkGroups = () => [
  { name: runtimeChunk, debugName: 'runtime' },
  // dnd: only the matched modules (its shared kit helpers stay with the kit, not pulled in).
  { name: 'dnd', test: DND, includeDependenciesRecursively: false },
  // Only the matched modules: the kit pieces a chart frame shares with forms stay where forms find them.
  { name: 'charts', test: CHARTS, includeDependenciesRecursively: false },
  // Only the matched modules: a kit piece or package the widget shares with a form stays apart.
  { name: reportChunks(), debugName: 'report chunks', includeDependenciesRecursively: false },
];

/**
 * The accessibility components of chart parts the kit never draws (zoom, range selector,
 * navigator) resolve to an empty one (sdk/ui/charts/a11yAbsentPart.ts): the navigator's alone
 * brought Highcharts Stock's Navigator and Scrollbar into every chart. Everything screen readers
 * and keyboards use on the kit's charts stays.
 */
const A11Y_ABSENT_PARTS = /^\.\/Components\/(Zoom|RangeSelector|Navigator)Component\.js$/;
const A11Y_CORE = /[\\/]highcharts[\\/]es-modules[\\/]Accessibility[\\/]Accessibility\.js$/;
export function highchartsA11yParts(): Plugin {
  return {
    name: 'gaze-highcharts-a11y-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer && A11Y_CORE.test(importer) && A11Y_ABSENT_PARTS.test(source) ? path.resolve('sdk/ui/charts/a11yAbsentPart.ts') : null;
    },
  };
}

// Library mode leaves process.env.NODE_ENV in React's code (pitfall 5).
const common: InlineConfig = {
  configFile: false,
  // __GAZE_SDK_VERSION__: sdk/elements/version.ts (who defined a tag first, the version warning).
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), __GAZE_SDK_VERSION__: JSON.stringify(version) },
  logLevel: 'warn',
};

/** Second pass after the split build: the single-file bundle from sdk/define-all.ts. */
function selfContainedBundle(): Plugin {
  let ran = false;
  return {
    name: 'gaze-self-contained-bundle',
    apply: 'build',
    async closeBundle() {
      if (ran) return;
      ran = true;
      // The CLI --minify flag does nothing in library mode (pitfall 5).
      const single = (lib: LibraryOptions, output: Record<string, unknown>) =>
        build({ ...common, plugins: [react(), highchartsA11yParts()], build: { outDir, emptyOutDir: false, sourcemap: true, lib, rolldownOptions: { output: { minify: true, ...output } } } });
      // Nothing split: the elements' `dependencies` are dynamic imports of modules the file already
      // holds, which would otherwise become chunks beside it.
      await single({ entry: 'sdk/define-all.ts', formats: ['es'], fileName: () => 'gazeboard.js' }, { codeSplitting: false });
      // The classic-script twin: one IIFE, nothing split (a classic script cannot import chunks).
      await single({ entry: 'sdk/iife.ts', formats: ['iife'], name: '__gazeboardIife', fileName: () => 'gazeboard.iife.js' }, { codeSplitting: false });
      mkdirSync(`${outDir}/${version}`, { recursive: true });
      // With their source maps, or the copies' sourceMappingURL comments would 404.
      for (const f of ['gazeboard.js', 'gazeboard.iife.js'].flatMap((n) => [n, `${n}.map`])) copyFileSync(`${outDir}/${f}`, `${outDir}/${version}/${f}`);
    },
  };
}

/** dist/sdk/custom-elements.json, from the registry's ELEMENTS (package.json "customElements"). */
function customElementsManifest(): Plugin {
  return {
    name: 'gaze-custom-elements-manifest',
    apply: 'build',
    async closeBundle() {
      // Loaded through Vite's module runner (TypeScript, the same sources the build compiled), not
      // bundled into this config.
      const { module } = await runnerImport<typeof ManifestScript>('./scripts/custom-elements-manifest.ts', { configFile: false, logLevel: 'warn' });
      mkdirSync(outDir, { recursive: true });
      writeFileSync(`${outDir}/custom-elements.json`, `${JSON.stringify(module.buildManifest(), null, 2)}\n`);
    },
  };
}

const { configFile: _inlineOnly, ...shared } = common;

export default defineConfig({
  ...shared,
  plugins: [
    react(),
    highchartsA11yParts(),
    dts({
      tsconfigPath: 'tsconfig.json',
      include: ['sdk/**/*.ts', 'sdk/**/*.tsx'],
      exclude: ['sdk/**/*.test.ts', 'sdk/**/*.test.tsx', 'sdk/elements/test-utils.ts', 'sdk/core/test-utils.ts', 'sdk/core/api/test-transport.ts', 'sdk/ui/test-utils.tsx'],
      entryRoot: 'sdk',
      outDirs: `${outDir}/types`,
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true },
    }),
    selfContainedBundle(),
    customElementsManifest(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: { index: 'sdk/index.ts', ...elementEntries },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      // Needed by includeDependenciesRecursively: false below; entries keep their exports.
      preserveEntrySignatures: 'allow-extension',
      output: { minify: true, chunkFileNames: 'chunks/[name]-[hash].js', codeSplitting: { groups: chunkGroups() } },
    },
  },
});
