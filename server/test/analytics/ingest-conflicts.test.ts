// Sessions of one study update the same report roll-up rows. When another transaction holds them
// in the opposite order, PostgreSQL rolls one side back as a deadlock (40P01); ingestSession then
// stores the session again instead of failing it. PostgreSQL only: it takes two connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase, usingPostgres } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { ingestSession, type SessionBody } from '../../services/ingest.js';
import { buildStudy, track, type AnalyticsStudy } from './study-fixture.js';
import { gate, untilLockWaits } from '../jobs/helpers.js';
import { rows } from '../../repositories/sql.js';

let database: Database;
let s: AnalyticsStudy;

/** A respondent who saw both stims of the cache page. */
function body(i: number): SessionBody {
  return {
    study_id: s.studyId, session_id: `conflict-${i}`,
    participant: { reference: `C${i}`, cell_id: s.cellId, has_eyetracking: true, status: 'complete', is_test: false },
    steps: [{
      step_id: s.cacheStepId, page_dwell_ms: 9000, gaze: track([[400, 150, 250], [400, 300, 300]], { start: 500 }).gaze,
      stims: [
        { stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 5000, fraction: 1 }] },
        { stim_id: s.billboardId, x: 0, y: 1400, width: 970, height: 250, viewability: [{ start_ms: 6000, end_ms: 7500, fraction: 0.35 }] },
      ],
    }],
  };
}

describe.runIf(usingPostgres())('a session rolled back as a deadlock is stored again', () => {
  beforeAll(async () => {
    database = await freshDatabase();
    await seedReference(database.db);
    s = await buildStudy(database.db);
    await ingestSession(database.db, body(0));
  });
  afterAll(async () => { await database?.close(); });

  it('takes the roll-up rows in the order opposite to another transaction, loses the deadlock, and is stored once', async () => {
    // The session's upsert takes the stims' rows in stim id order: the other transaction takes the
    // second stim's first, and then, once the session waits for it, the first stim's.
    const [first, second] = [s.mpuId, s.billboardId].sort((a, b) => a - b);
    const touch = (stimId: number) => sql`update report_aggregate set n = n where study_id = ${s.studyId} and stim_id = ${stimId} and age_group_id = -1`;
    const holding = gate();
    const sessionWaits = gate();
    const other = database.db.transaction(async (tx) => {
      // The session (deadlock_timeout 1 s) finds the deadlock first and is the side rolled back.
      await tx.execute(sql`set local deadlock_timeout = '30s'`);
      await tx.execute(touch(second));
      holding.open();
      await sessionWaits.wait;
      await tx.execute(touch(first));
    });
    await holding.wait;
    const stored = ingestSession(database.db, body(1));
    await untilLockWaits(database.db, 'the session waits for the second stim');
    sessionWaits.open();
    await other;

    expect(await stored).toMatchObject({ duplicate: false, exposures: 2 });
    const participants = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from participant where study_id = ${s.studyId}`);
    expect(participants[0].n).toBe(2);
    // Each stim's roll-up rows count both respondents' exposures once.
    const rollup = await rows<{ stim_id: number; n: number }>(database.db, sql`select stim_id, sum(n)::int as n from report_aggregate
      where study_id = ${s.studyId} and age_group_id = -1 group by stim_id order by stim_id`);
    expect(rollup).toEqual([{ stim_id: first, n: 2 }, { stim_id: second, n: 2 }]);
  });
});
