// Readiness (GET /readyz): the database answers, every shipped migration is applied, the job
// queue runs, and storage takes a write. Probes come every few seconds from load balancers and
// anyone (the path is public), so concurrent probes share one check, the storage write is made
// at most every STORAGE_EVERY_MS, and no check may hang the answer for longer than CHECK_MS.
import type { Db } from '../db/client.js';
import { appliedMigrationAt, pingDatabase, SHIPPED_MIGRATION_AT } from '../repositories/health.js';
import type { Storage } from '../storage/index.js';

export const READY_CHECKS = ['database', 'migrations', 'jobs', 'storage'] as const;
export type ReadyCheck = (typeof READY_CHECKS)[number];
export interface Readiness {
  ready: boolean;
  checks: Record<ReadyCheck, 'ok' | 'failing'>;
}

/** The key the storage check writes (a few bytes, overwritten each time). */
export const STORAGE_PROBE_KEY = 'health/readyz-probe.txt';
const CHECK_MS = 5000;
const STORAGE_EVERY_MS = 10_000;

async function within(ms: number, work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work().then(() => true, () => false),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessDeps {
  db: Db;
  storage: Storage;
  /** Whether the job queue takes and runs jobs (false before its start and once stopping). */
  jobsRunning: () => boolean;
}

export class ReadinessProbe {
  readonly #deps: ReadinessDeps;
  #pending: Promise<Readiness> | null = null;
  #storage: { ok: boolean; at: number } | null = null;

  constructor(deps: ReadinessDeps) {
    this.#deps = deps;
  }

  check(): Promise<Readiness> {
    this.#pending ??= this.#check().finally(() => { this.#pending = null; });
    return this.#pending;
  }

  async #check(): Promise<Readiness> {
    const { db } = this.#deps;
    const [database, migrations, storage] = await Promise.all([
      within(CHECK_MS, () => pingDatabase(db)),
      within(CHECK_MS, async () => {
        if ((await appliedMigrationAt(db)) < SHIPPED_MIGRATION_AT) throw new Error('behind');
      }),
      this.#storageOk(),
    ]);
    const checks: Readiness['checks'] = {
      database: database ? 'ok' : 'failing',
      migrations: migrations ? 'ok' : 'failing',
      jobs: this.#deps.jobsRunning() ? 'ok' : 'failing',
      storage: storage ? 'ok' : 'failing',
    };
    return { ready: READY_CHECKS.every((c) => checks[c] === 'ok'), checks };
  }

  async #storageOk(): Promise<boolean> {
    const now = Date.now();
    if (this.#storage && now - this.#storage.at < STORAGE_EVERY_MS) return this.#storage.ok;
    const ok = await within(CHECK_MS, () => this.#deps.storage.put(STORAGE_PROBE_KEY, Buffer.from('ok\n'), 'text/plain'));
    this.#storage = { ok, at: Date.now() };
    return ok;
  }
}
