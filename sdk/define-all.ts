// Side-effect entry: registers every <gaze-*> tag. dist/sdk/gazeboard.js is built from this file.
// The element files are found on disk (one per folder), so a new element needs no line here:
// Vite expands the glob at build time (lib build, dashboard, vitest); the element tests' esbuild
// bundle expands it with scripts/esbuild-import-glob.mjs.
/// <reference types="vite/client" />
import.meta.glob('./elements/*/*.element.ts', { eager: true });

export * from './index';
