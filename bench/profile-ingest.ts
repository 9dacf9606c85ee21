// Where ingestSession's time goes: `npx tsx bench/profile-ingest.ts [sessions]` stores N simulated
// sessions (PGlite in a temp dir, or BENCH_DATABASE_URL) and prints sessions/s, the time spent
// in the summaries alone (no database) and the number of statements per session.
// `node --cpu-prof --import tsx bench/profile-ingest.ts` for a CPU profile.
import { openBenchDatabase, buildStudy } from './fixture.js';
import { seedReference } from '../server/seed/reference.js';
import { getActiveConfig } from '../server/repositories/analysis-config.js';
import { loadStudyContext } from '../server/repositories/ingest.js';
import { ingestSession } from '../server/services/ingest.js';
import { simulateSession } from '../server/analytics/simulator.js';
import { summarizeExposure } from '../server/analytics/summarize.js';

const n = Number(process.argv[2] ?? 300);
const concurrency = Number(process.env.INGEST_CONCURRENCY ?? 1);
const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
const { database, cleanup } = await openBenchDatabase(kind, process.env.BENCH_DATABASE_URL);
try {
  const db = database.db;
  await seedReference(db);
  const b = await buildStudy(db, 'Profile', 0);
  const context = (await loadStudyContext(db, b.studyId))!;
  const config = await getActiveConfig(db);
  const bodies = Array.from({ length: n + 50 }, (_, i) => simulateSession(context, i));
  for (const body of bodies.slice(0, 50)) await ingestSession(db, body, { context, config });
  // Count statements (begin and commit included) at node-postgres' client, under drizzle and its
  // transactions; PGlite's transactions call an internal entry point, so there it is not counted.
  let statements = 0;
  if (kind === 'postgres') {
    const client = (await import('pg')).default.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
    const orig = client.query;
    client.query = function (this: unknown, ...a: unknown[]) { statements++; return orig.apply(this, a); };
  }
  const t = performance.now();
  // INGEST_CONCURRENCY sessions in flight (default 1), as the route stores sessions arriving together.
  const queue = bodies.slice(50);
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let body = queue.shift(); body; body = queue.shift()) await ingestSession(db, body, { context, config });
  }));
  const s = (performance.now() - t) / 1000;
  // The pure computation alone, same sessions.
  const t2 = performance.now();
  for (const body of bodies.slice(50)) {
    for (const st of body.steps) {
      const flat = (st.gaze ?? []).flat();
      for (const e of st.stims) {
        const sm = context.stims.get(e.stim_id)!;
        summarizeExposure({ stimType: sm.stimType, naturalWidth: sm.width, naturalHeight: sm.height, rect: e, intervals: e.viewability, samples: flat, hasEyetracking: body.participant.has_eyetracking, aois: context.aois.get(sm.id) ?? [], pageDwellMs: st.page_dwell_ms }, config);
      }
    }
  }
  const s2 = (performance.now() - t2) / 1000;
  console.log(`${kind}: ${n} sessions (${concurrency} in flight) in ${s.toFixed(2)} s = ${Math.round(n / s)} sessions/s; summaries alone ${(1000 * s2 / n).toFixed(2)} ms/session; ${kind === 'postgres' ? (statements / n).toFixed(1) : 'n/a'} statements/session (begin and commit included)`);
} finally {
  await cleanup();
}
