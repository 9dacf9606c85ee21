// Demo respondents for seeded studies: synthetic sessions from the analytics simulator, stored
// through ingestSession (the path real respondents take), so every summary, packed gaze and AOI
// row is made exactly as in production.
// Resumable and idempotent: a session's id is fixed by its study and index and ingestion skips a
// session id it already has, so a run killed half-way through a study (or a retried job) adds
// only the missing sessions; each finished study is marked in app_setting and skipped later.
// `npm start` runs it as the job `seed-respondents` (server/jobs), with progress in studies.
import type { Db } from '../db/client.js';
import { ingestSession } from '../services/ingest.js';
import { consentToShow } from '../services/consent.js';
import { respondentTarget, simulateSession } from '../analytics/simulator.js';
import { getActiveConfig } from '../repositories/analysis-config.js';
import { countParticipants, loadStudyContext, totalParticipants } from '../repositories/ingest.js';
import { getSetting, setSettingOnce, settingKeys } from '../repositories/settings.js';
import { providerCompanyId } from '../repositories/users.js';
import { defineJob } from '../jobs/define.js';
import type { JobQueue } from '../jobs/queue.js';
import { RESPONDENT_STUDIES_KEY } from './demo.js';
import { seedTestRuns } from './test-runs.js';

const DONE_PREFIX = 'demo.respondents.';
/** Sessions of a study being stored at once while seeding. */
const SEED_IN_FLIGHT = 8;
/** enqueue key of the seeding job: one unfinished seeding at a time. */
const SEED_JOB_KEY = 'demo';

export interface SeedRespondentsOptions {
  studyIds: number[];
  /** Called after each study: studies done, studies in total. */
  onProgress?: (done: number, total: number) => void;
}

export async function seedRespondents(db: Db, opts: SeedRespondentsOptions): Promise<void> {
  const total = opts.studyIds.length;
  const config = await getActiveConfig(db);
  let done = 0;
  for (const studyId of opts.studyIds) {
    await simulateStudy(db, studyId, { config });
    await seedTestRuns(db, studyId);
    done += 1;
    opts.onProgress?.(done, total);
  }
}

/**
 * Generates a study's respondents, skipping the sessions it already has; returns how many were
 * stored now. Stops taking sessions when signal is aborted (the study is then unfinished).
 */
export async function simulateStudy(
  db: Db,
  studyId: number,
  opts: { count?: number; config?: Awaited<ReturnType<typeof getActiveConfig>>; signal?: AbortSignal } = {},
): Promise<number> {
  const context = await loadStudyContext(db, studyId);
  if (!context) return 0;
  const n = opts.count ?? respondentTarget(context);
  if ((await countParticipants(db, studyId)) >= n) return 0;
  const config = opts.config ?? (await getActiveConfig(db));
  // Every demo respondent agreed to the study's consent text (issue 41), as a runner respondent
  // must: the default text is stored as version 1, and each session carries it with its time.
  const consent = await consentToShow(db, studyId);
  let stored = 0;
  let next = 0;
  // SEED_IN_FLIGHT sessions at once, so ingestion writes them in groups (group commit,
  // services/ingest.ts). Between groups it lets the event loop turn, so requests to a serving
  // process (PGlite shares its thread) still get their turn while seeding runs in the background.
  await Promise.all(Array.from({ length: SEED_IN_FLIGHT }, async () => {
    for (let i = next++; i < n && !opts.signal?.aborted; i = next++) {
      // A session stored by an earlier, interrupted run comes back as a duplicate: nothing is written.
      const body = simulateSession(context, i);
      body.participant = { ...body.participant, consent_version: consent.version, consented_at: new Date().toISOString() };
      const r = await ingestSession(db, body, { context, config });
      if (!r.duplicate) stored += 1;
    }
  }));
  return stored;
}

/** Every demo study that gets respondents (live and completed ones), in seeding order. */
export async function respondentStudies(db: Db): Promise<number[]> {
  const list = await getSetting(db, RESPONDENT_STUDIES_KEY);
  return list ? (JSON.parse(list) as number[]) : [];
}

/** The demo studies still waiting for (some of) their respondents. */
export async function pendingRespondentStudies(db: Db): Promise<number[]> {
  const all = await respondentStudies(db);
  if (!all.length) return [];
  const done = new Set((await settingKeys(db, DONE_PREFIX)).map((key) => Number(key.slice(DONE_PREFIX.length))));
  return all.filter((id) => !done.has(id));
}

export interface SeedPendingOptions {
  signal?: AbortSignal;
  /** After each finished study, with the sessions stored for it now. */
  onStudy?: (studyId: number, stored: number) => void | Promise<void>;
}

/** Seeds respondents study by study and marks each finished one. Safe to call again after a crash. */
export async function seedPendingRespondents(db: Db, studyIds: number[], opts: SeedPendingOptions = {}): Promise<void> {
  const config = await getActiveConfig(db);
  for (const id of studyIds) {
    if (opts.signal?.aborted) return;
    // PGlite answers through promise (microtask) chains; without a macrotask turn here the HTTP
    // server would not accept a request until the whole seeding finished.
    await new Promise((resolve) => setImmediate(resolve));
    const stored = await simulateStudy(db, id, { config, signal: opts.signal });
    if (opts.signal?.aborted) return;
    // Its test sessions become a few run-throughs: one My Validations row per run (issue 38).
    await seedTestRuns(db, id);
    await setSettingOnce(db, `${DONE_PREFIX}${id}`, 'done');
    await opts.onStudy?.(id, stored);
  }
}

/**
 * The job: seeds every pending demo study, progress in studies (done/total of all respondent
 * studies, so a resumed run starts where the killed one stopped). Retried generously: a stop
 * of the server counts as a failed attempt, and each attempt only adds what is missing.
 */
export const seedRespondentsJob = defineJob<Record<string, never>>('seed-respondents', async (ctx) => {
  const all = await respondentStudies(ctx.db);
  const pending = await pendingRespondentStudies(ctx.db);
  const total = all.length;
  let done = total - pending.length;
  await ctx.setProgress({ done, total, message: done ? `resuming after ${done} studies` : 'starting' });
  try {
    await seedPendingRespondents(ctx.db, pending, {
      signal: ctx.signal,
      onStudy: async (studyId, stored) => {
        done += 1;
        await ctx.setProgress({ done, message: `study ${studyId}: ${stored} respondents` });
        if (done === total || done % 5 === 0) ctx.log(`seeding respondents ${done}/${total} studies`);
      },
    });
    if (ctx.signal.aborted) throw new Error('the server is stopping');
  } catch (err) {
    ctx.log(`respondent seeding stopped: ${err instanceof Error ? err.message : String(err)} (it resumes when the job is retried)`);
    throw err;
  }
  const participants = await totalParticipants(ctx.db);
  await ctx.setProgress({ done: total, total, message: `done: ${participants} respondents` });
  ctx.log(`demo respondents ready (${participants} respondents in ${total} studies)`);
  return { studies: total, participants };
}, { retryLimit: 10, retryDelay: 5, expireInSeconds: 4 * 3600 });

/**
 * Queues the seeding when demo studies still wait for respondents, owned by the installation's
 * own company (its super user reads it through the jobs API). Returns the job id, or null when
 * there is nothing to seed. An unfinished seeding job (e.g. one a killed server left) is reused.
 */
export async function enqueueRespondentSeeding(db: Db, jobs: JobQueue): Promise<{ id: number; studies: number } | null> {
  const pending = await pendingRespondentStudies(db);
  if (!pending.length) return null;
  const companyId = await providerCompanyId(db);
  if (companyId === null) return null;
  const { id } = await jobs.enqueue(seedRespondentsJob, {}, { companyId, key: SEED_JOB_KEY });
  return { id, studies: pending.length };
}
