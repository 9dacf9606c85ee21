// Issue 22 (cell reservation): a live start reserves its cell under a per-study advisory lock, so
// simultaneous starts balance exactly over the cells and never overrun a quota; the delivery turns
// the reservation into the participant; an expired reservation stops counting; reports never see one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { cell, participant, study, takeReservation } from '../../db/schema/index.js';
import { createCompany } from '../fixtures.js';
import { takeLinkPath } from '../../domain/take-link.js';
import { takeLinkSecret } from '../../services/study-links.js';
import { startTake } from '../../services/take.js';
import { takeDeps } from '../../routes/take/index.js';
import { consented } from './consented.js';

let app: FastifyInstance;
let database: Database;
let secret: string;
const ids: Record<string, number> = {};
const cells: Record<string, number[]> = {};

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const acme = await createCompany(db, { name: 'Acme' });
  const mk = async (name: string, participantsRequested: number) => {
    const id = (await db.insert(study).values({ companyId: acme.id, name, live: true, phaseId: 3, participantsRequested }).returning())[0].id;
    cells[name] = (await db.insert(cell).values([0, 1, 2].map((i) => ({ studyId: id, name: `Cell ${i}`, shortName: `C${i}`, position: i }))).returning()).map((c) => c.id);
    return id;
  };
  ids.open = await mk('open', 0);
  ids.quota = await mk('quota', 6);
  ids.expiry = await mk('expiry', 3);
  ids.deliver = await mk('deliver', 0);
  secret = await takeLinkSecret(db, app.config.urlSecret);
});
afterAll(async () => { await app.close(); await database.close(); });

const query = (studyId: number, test = false) => {
  const p = takeLinkPath(secret, { studyId, cellId: null, panelId: null, test });
  return p.slice(p.indexOf('?'));
};
const start = async (studyId: number, test = false) =>
  consented(app, studyId, await app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/start`, payload: { query: query(studyId, test) } }));
const tally = (cellIds: number[], answers: { cell_id: number; state: string }[], state = 'run') =>
  cellIds.map((c) => answers.filter((a) => a.cell_id === c && a.state === state).length);

describe('simultaneous starts (issue 22: cell reservation)', () => {
  it('12 concurrent live starts over 3 cells get exactly 4 per cell', async () => {
    const res = await Promise.all(Array.from({ length: 12 }, () => start(ids.open)));
    expect(res.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const answers = res.map((r) => r.json());
    expect(tally(cells.open, answers)).toEqual([4, 4, 4]);
    const reserved = await database.db.select().from(takeReservation).where(eq(takeReservation.studyId, ids.open));
    expect(reserved).toHaveLength(12);
  });

  it('with a quota of 2 per cell, 12 concurrent starts: 2 run per cell and the other 6 are quota_full', async () => {
    const res = await Promise.all(Array.from({ length: 12 }, () => start(ids.quota)));
    const answers = res.map((r) => r.json());
    expect(tally(cells.quota, answers)).toEqual([2, 2, 2]);
    expect(answers.filter((a) => a.state === 'quota_full')).toHaveLength(6);
    // Without a panel reference a quota-full start stores nothing (issue 36 item 3: starts cannot add
    // rows); the runs are reservations only.
    const stored = await database.db.select().from(participant).where(eq(participant.studyId, ids.quota));
    expect(stored).toEqual([]);
  });

  it('test links reserve nothing and are never turned away', async () => {
    const res = await Promise.all(Array.from({ length: 4 }, () => start(ids.quota, true)));
    expect(res.map((r) => r.json().state)).toEqual(Array(4).fill('run'));
    const reserved = await database.db.select().from(takeReservation).where(eq(takeReservation.studyId, ids.quota));
    expect(reserved).toHaveLength(6);
  });

  it('an expired reservation stops counting (and is removed)', async () => {
    const deps = takeDeps(app);
    const t0 = Date.parse('2026-11-23T10:00:00Z');
    const at = (ms: number) => ({ ...deps, now: () => ms });
    // Quota 1 per cell: three starts fill the study.
    for (let i = 0; i < 3; i++) expect((await startTake(at(t0), ids.expiry, query(ids.expiry))).kind).toBe('ok');
    const full = await startTake(at(t0 + 1000), ids.expiry, query(ids.expiry));
    expect(full.kind === 'ok' && full.answer.state).toBe('quota_full');
    // A day later the three never delivered: their cells are free again.
    const later = await startTake(at(t0 + (deps.sessionTtlSeconds + 1) * 1000), ids.expiry, query(ids.expiry));
    expect(later.kind === 'ok' && later.answer.state).toBe('run');
    const reserved = await database.db.select().from(takeReservation).where(eq(takeReservation.studyId, ids.expiry));
    expect(reserved).toHaveLength(1);
  });

  it('the delivery turns the reservation into the participant (no double count)', async () => {
    const first = (await start(ids.deliver)).json();
    const stored = await app.inject({
      method: 'POST', url: `/v1.0/take/${ids.deliver}/session`,
      payload: { token: first.token, status: 'complete', gaze_source: 'mouse', steps: [] },
    });
    expect(stored.statusCode).toBe(200);
    expect(await database.db.select().from(takeReservation).where(eq(takeReservation.studyId, ids.deliver))).toHaveLength(0);
    // The stored complete respondent holds cell 0: the next two go to the other cells, then cell 0 again.
    const next = [];
    for (let i = 0; i < 3; i++) next.push((await start(ids.deliver)).json().cell_id);
    expect(next.slice(0, 2).sort()).toEqual([cells.deliver[1], cells.deliver[2]]);
    expect(next[2]).toBe(cells.deliver[0]);
  });
});
