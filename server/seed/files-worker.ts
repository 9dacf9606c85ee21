// Worker thread: draws the demo's files into local storage while the main thread opens the
// database (both are CPU bound; the machine has two cores and `npm start` has 30 s).
import { parentPort, workerData } from 'node:worker_threads';
import { LocalStorage } from '../storage/index.js';
import { writeDemoFiles } from './demo.js';

const { root } = workerData as { root: string };
try {
  const written = await writeDemoFiles(new LocalStorage(root));
  parentPort?.postMessage({ ok: true, written });
} catch (err) {
  parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
}
