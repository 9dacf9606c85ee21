// `npx vite build --config examples/react-host/vite.config.ts` → tmp/react-host/ (a static site;
// serve it from any origin the company allows). Built from the repository's node_modules.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: fileURLToPath(new URL('../../tmp/react-host', import.meta.url)), emptyOutDir: true, sourcemap: true },
});
