// The respondent runner (runner/) → dist/runner/runner.js, served by server/routes/take at
// /take/assets/runner.js. Its own small bundle: nothing of the SDK, React or the dashboard, and
// only types from the contract (the page must load fast on a respondent's phone).
import { defineConfig } from 'vite';

export default defineConfig({
  logLevel: 'warn',
  build: {
    outDir: 'dist/runner',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2020',
    minify: true,
    lib: { entry: 'runner/src/main.ts', formats: ['es'], fileName: () => 'runner.js' },
  },
});
