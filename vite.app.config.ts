// Dashboard build → dist/app (served by the server at / with an index.html fallback).
// The dashboard imports the SDK from source, so the page holds ONE copy of the SDK and one store.
// The app version comes from package.json at build time (D1-005); dashboard/public/ (the service
// worker) is copied as is.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  root: 'dashboard',
  base: '/',
  publicDir: 'public',
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __PRODUCT_SITE__: JSON.stringify(process.env.PRODUCT_SITE_URL ?? ''),
  },
  logLevel: 'warn',
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
    sourcemap: true,
    // One dashboard bundle is ~1 MB with React, Highcharts and the SDK; no point warning about it.
    chunkSizeWarningLimit: 2000,
  },
  server: {
    // `npx vite --config vite.app.config.ts` during development: API and media from `npm run server`.
    proxy: {
      '/v1.0': 'http://127.0.0.1:8080',
      '/meta.json': 'http://127.0.0.1:8080',
      '/files': 'http://127.0.0.1:8080',
      '/visuals': 'http://127.0.0.1:8080',
      '/sdk': 'http://127.0.0.1:8080',
    },
  },
});
