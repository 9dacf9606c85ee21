// Every operation of the API, by area: each contract/<area>.ts that exports `operations` is one
// area, found on disk (no list to edit when adding an area). The glob is Vite's (vitest and the
// Vite builds expand it; scripts/esbuild-import-glob.mjs does for esbuild bundles): plain Node or
// tsx cannot load this file, so server code imports its area files directly.
/// <reference types="vite/client" />
import type { AnyOperation } from './common.js';

const modules = import.meta.glob<{ operations?: Record<string, AnyOperation> }>('./*.ts', { eager: true });

export const areas: Record<string, Record<string, AnyOperation>> = Object.fromEntries(
  Object.entries(modules)
    .filter(([, m]) => m.operations)
    .map(([file, m]) => [file.replace(/^\.\/(.*)\.ts$/, '$1'), m.operations!] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);

export const operations: AnyOperation[] = Object.values(areas).flatMap((ops) => Object.values(ops));

export * from './common.js';
