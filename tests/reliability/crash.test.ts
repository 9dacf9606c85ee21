// Issue 9 item 6: kill -9 during ingestion. A real server process (node --import tsx
// server/main.ts, SEED=0, a free port) takes sessions from concurrent clients, is killed with
// SIGKILL twice while requests are in flight, and restarted on the same data. Then every session is
// sent again. Nothing acknowledged is lost, no session is stored partly (each has all its
// exposures, gaze rows and answers), and re-sends are never stored twice. On PGlite (a temp
// DATA_DIR) and, when TEST_DATABASE_URL is set, on a scratch PostgreSQL database.
// Loops are bounded by counts; nothing asserts on elapsed time.
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client.js';
import { openScratchPostgres } from '../../server/db/scratch.js';
import { openDataDir } from '../../server/test/helpers.js';
import { setCollectionKeyHash } from '../../server/repositories/ingest.js';
import { buildStudy, track, type AnalyticsStudy } from '../../server/test/analytics/study-fixture.js';
import type { SessionBody } from '../../server/services/ingest.js';
import { killAll, killHard, startServer, stopGracefully, type Server } from './server-process.js';

const SESSIONS = 160;
const CONCURRENCY = 6;
/** Acknowledged sessions after which the server is killed, per run (two kills, then a clean run). */
const KILL_AFTER = [40, 90];
const EXPOSURES_PER_SESSION = 2;
const KEY = 'crash-suite-collection-key';

function sessionOf(s: AnalyticsStudy, i: number): SessionBody {
  // ~20 s of 30 Hz gaze: enough work per session that kills land mid-transaction.
  const fixations = Array.from({ length: 50 }, (_, k) => [300, 120 + ((k * 37) % 300), 220 + ((k * 53) % 300)] as [number, number, number]);
  return {
    study_id: s.studyId,
    session_id: `crash-${i}`,
    participant: { reference: `C${i}`, cell_id: s.cellId, has_eyetracking: true, frame_rate: 30, status: 'complete', is_test: false, consented_at: '2026-11-01T09:00:00.000Z' },
    steps: [
      { step_id: s.instructionStepId, page_dwell_ms: 2000, stims: [] },
      {
        step_id: s.cacheStepId, page_dwell_ms: 20_000, gaze: track(fixations).gaze,
        stims: [
          { stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 12_000, fraction: 1 }] },
          { stim_id: s.billboardId, x: 0, y: 1400, width: 970, height: 250, viewability: [{ start_ms: 9000, end_ms: 20_000, fraction: 0.6 }] },
        ],
      },
      { step_id: s.questionStepId, page_dwell_ms: 4000, stims: [], answers: [{ question_id: s.questionId, answer_option_id: s.optionIds[0] }] },
    ],
  };
}

let dataDir: string | null = null;

type Outcome = { status: number; body: { duplicate?: boolean; participant_id?: number } } | null;

async function send(server: Server, body: SessionBody): Promise<Outcome> {
  try {
    const res = await fetch(`${server.base}/v1.0/collect/session`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-collection-key': KEY }, body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  } catch {
    return null; // connection refused or cut by the kill: not acknowledged
  }
}

/**
 * Sends the pending sessions with CONCURRENCY clients until they are all acknowledged, or — when
 * killAfter is given — kills the server once that many sessions are acknowledged in total, with
 * requests still in flight. Unacknowledged sessions stay pending.
 */
async function ingest(server: Server, pending: SessionBody[], acked: Map<string, number>, failures: string[], killAfter?: number): Promise<number> {
  let dead = false;
  let cut = 0;
  let killing: Promise<void> | null = null;
  const worker = async () => {
    while (!dead && pending.length) {
      const body = pending.shift()!;
      const out = await send(server, body);
      if (out?.status === 200 && out.body.participant_id) {
        acked.set(body.session_id, out.body.participant_id);
        if (killAfter !== undefined && acked.size >= killAfter && !killing) {
          dead = true;
          killing = killHard(server);
        }
      } else {
        if (out) failures.push(`${body.session_id}: ${out.status} ${JSON.stringify(out.body)}`);
        pending.push(body);
        if (!out) { dead = true; cut++; }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (killing) await killing;
  return cut;
}

async function check(database: Database, studyId: number, acked: Map<string, number>) {
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const stored = await rows<{ id: number; session_id: string; exposures: number; gaze: number; answers: number }>(sql`
    select p.id, p.session_id,
      (select count(*)::int from exposure e where e.participant_id = p.id) as exposures,
      (select count(*)::int from exposure_gaze g join exposure e on e.id = g.exposure_id where e.participant_id = p.id) as gaze,
      (select count(*)::int from participant_answer a where a.participant_id = p.id) as answers
    from participant p where p.study_id = ${studyId}`);
  const bySession = new Map(stored.map((r) => [r.session_id, r]));
  return {
    stored: stored.length,
    distinctSessions: bySession.size,
    lost: [...acked].filter(([sid, pid]) => bySession.get(sid)?.id !== pid).map(([sid]) => sid),
    partial: stored.filter((r) => r.exposures !== EXPOSURES_PER_SESSION || r.gaze !== EXPOSURES_PER_SESSION || r.answers !== 1).map((r) => r.session_id),
  };
}

async function crashRun(kind: 'pglite' | 'postgres') {
  dataDir = await mkdtemp(path.join(tmpdir(), `gazeboard-crash-${kind}-`));
  const logFile = path.join(dataDir, 'server.log');
  // The study is built in-process before the server owns the data (PGlite: one process at a time).
  const database = kind === 'pglite'
    ? await openDataDir(dataDir)
    : await openScratchPostgres(process.env.TEST_DATABASE_URL!, 'gazeboard_crash');
  const env: Record<string, string> = kind === 'pglite'
    ? { DATA_DIR: dataDir }
    : { DATA_DIR: dataDir, DATABASE_URL: (database as Database & { url: string }).url };
  try {
    const study = await buildStudy(database.db, { completed: false });
    await setCollectionKeyHash(database.db, study.studyId, createHash('sha256').update(KEY).digest('hex'));
    const sessions = Array.from({ length: SESSIONS }, (_, i) => sessionOf(study, i));
    if (kind === 'pglite') await database.close();

    const acked = new Map<string, number>();
    const failures: string[] = [];
    const pending = [...sessions];
    let cut = 0;
    for (const killAfter of KILL_AFTER) {
      const server = await startServer(env, logFile);
      cut += await ingest(server, pending, acked, failures, killAfter);
      expect(acked.size).toBeGreaterThanOrEqual(killAfter);
    }
    // The kills did land while requests were in flight.
    expect(cut).toBeGreaterThan(0);
    // After the second restart: the rest, then every session again (the acknowledged ones too).
    const server = await startServer(env, logFile);
    await ingest(server, pending, acked, failures);
    expect(pending).toHaveLength(0);
    expect(acked.size).toBe(SESSIONS);
    const again = await Promise.all(sessions.map((b) => send(server, b)));
    expect(again.filter((o) => !(o?.status === 200 && o.body.duplicate === true)).length).toBe(0);
    expect(again.map((o) => o!.body.participant_id)).toEqual(sessions.map((b) => acked.get(b.session_id)));
    expect(failures).toEqual([]);

    let verify: Database = database;
    if (kind === 'pglite') {
      await stopGracefully(server);
      verify = await openDatabase({ dataDir });
    }
    try {
      const r = await check(verify, study.studyId, acked);
      expect(r).toEqual({ stored: SESSIONS, distinctSessions: SESSIONS, lost: [], partial: [] });
    } finally {
      if (kind === 'pglite') await verify.close();
      else await stopGracefully(server);
    }
  } finally {
    if (kind === 'postgres') await database.close();
  }
}

afterEach(async () => {
  await killAll();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = null;
});

describe('SIGKILL during ingestion (a real server process)', () => {
  it('PGlite: two kills mid-ingest lose nothing acknowledged, store nothing partly, duplicate nothing', async () => {
    await crashRun('pglite');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: the same', async () => {
    await crashRun('postgres');
  });
});
