// What `npm start` seeds: reference data always; the demo (seed/demo.ts) into an empty database
// unless SEED=0; then respondents for the demo's live and completed studies as a background job
// (seed/respondents.ts), resumable after a restart or a kill.
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/client.js';
import { createCompanyWithSuperUser, hasAnyCompany } from '../repositories/users.js';
import { totalParticipants } from '../repositories/ingest.js';
import { LocalStorage, type Storage } from '../storage/index.js';
import { hashPassword } from '../auth/password.js';
import { seedReference } from './reference.js';
import { seedDemo } from './demo.js';
import { seedStudyStates } from './study-states.js';
import { pendingRespondentStudies } from './respondents.js';
import { DEMO_PASSWORD } from './accounts.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';
export { seedDemo, planDemo } from './demo.js';
export {
  enqueueRespondentSeeding, pendingRespondentStudies, respondentStudies, seedPendingRespondents, seedRespondentsJob,
} from './respondents.js';

type Log = (message: string) => void;

export interface StartSeedResult {
  /** 'demo' when the demo was seeded now, 'admin' for an empty database with SEED=0, else 'none'. */
  seeded: 'demo' | 'admin' | 'none';
  /** Demo studies still waiting for respondents. */
  pendingRespondents: number[];
}

/**
 * Starts drawing the demo's files in a worker thread (local storage only). Resolves when done;
 * never rejects: on any failure seedDemo simply draws what is missing itself.
 */
export function prepareDemoFilesInBackground(storage: Storage, log: Log = () => {}): Promise<void> {
  if (!(storage instanceof LocalStorage)) return Promise.resolve();
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      // Node 20 does not apply `--import tsx` to a worker's .ts entry: register tsx inside it first.
      const api = import.meta.resolve('tsx/esm/api');
      const entry = new URL('./files-worker.ts', import.meta.url).href;
      const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
      worker = new Worker(boot, { eval: true, workerData: { root: storage.root } });
    } catch (err) {
      log(`demo files: no worker (${err instanceof Error ? err.message : String(err)}); drawing in the main thread`);
      resolve();
      return;
    }
    worker.once('message', (m: { ok: boolean; written?: number; error?: string }) => {
      if (!m.ok) log(`demo files: worker failed (${m.error}); drawing in the main thread`);
      else if (m.written) log(`demo: drew ${m.written} files`);
    });
    worker.once('error', (err) => log(`demo files: worker failed (${err.message}); drawing in the main thread`));
    worker.once('exit', () => resolve());
  });
}

/** Reference data, and the demo (or only an admin account) into an empty database. */
export async function seedOnStart(db: Db, storage: Storage, opts: { demo: boolean; log?: Log; filesReady?: Promise<void> }): Promise<StartSeedResult> {
  const log = opts.log ?? (() => {});
  await seedReference(db);
  let seeded: StartSeedResult['seeded'] = 'none';
  if (!(await hasAnyCompany(db))) {
    if (opts.demo) {
      const t = Date.now();
      await opts.filesReady;
      const s = await seedDemo(db, storage, log);
      await seedStudyStates(db);
      // Counted as the README's account table counts them: each company's studies, and batches apart.
      const perCompany = Object.entries(s.studiesByCompany).map(([name, n]) => `${name} ${n}`).join(', ');
      const listed = Object.values(s.studiesByCompany).reduce((a, b) => a + b, 0);
      log(`demo data: ${listed} studies (${perCompany}), ${s.batches} batches, ${s.stims} stims, ${s.files} files in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      seeded = 'demo';
    } else {
      await seedAdminOnly(db);
      seeded = 'admin';
    }
  }
  return { seeded, pendingRespondents: opts.demo ? await pendingRespondentStudies(db) : [] };
}

/** SEED=0 on an empty database: only the provider company and its super user, so someone can sign in. */
async function seedAdminOnly(db: Db): Promise<void> {
  const password = process.env.ADMIN_PASSWORD || DEMO_PASSWORD;
  await createCompanyWithSuperUser(db, { internalId: 'gazeboard', name: 'Gazeboard' },
    { username: 'admin', passwordHash: await hashPassword(password), firstName: 'Admin' });
}

/** Participants of all studies, for logs and tests. */
export const participantCount = totalParticipants;
