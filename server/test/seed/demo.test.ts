// Demo data (issue 2): deterministic, complete enough to exercise every screen, files real.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { freshDatabase } from '../helpers.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { LocalStorage, publicUrl, readAll } from '../../storage/index.js';
import { verifyPassword } from '../../auth/password.js';
import {
  DEMO_ACCOUNTS, DEMO_PASSWORD, participantCount, pendingRespondentStudies, seedOnStart, seedPendingRespondents,
} from '../../seed/index.js';
import { simulateStudy } from '../../seed/respondents.js';
import { loadStudyContext } from '../../repositories/ingest.js';
import { respondentTarget } from '../../analytics/simulator.js';
import { companyValidations } from '../../repositories/my-reports.js';

let a: Database;
let b: Database;
let dirA: string;
let dirB: string;
let storage: LocalStorage;

const rows = async <T = Record<string, unknown>>(db: Database, q: string): Promise<T[]> =>
  (await db.db.execute(sql.raw(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  dirA = await mkdtemp(path.join(tmpdir(), 'gazeboard-seed-a-'));
  dirB = await mkdtemp(path.join(tmpdir(), 'gazeboard-seed-b-'));
  a = await freshDatabase();
  b = await freshDatabase();
  storage = new LocalStorage(path.join(dirA, 'storage'));
  const ra = await seedOnStart(a.db, storage, { demo: true });
  const rb = await seedOnStart(b.db, new LocalStorage(path.join(dirB, 'storage')), { demo: true });
  expect(ra.seeded).toBe('demo');
  expect(rb.seeded).toBe('demo');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await rm(dirA, { recursive: true, force: true });
  await rm(dirB, { recursive: true, force: true });
});

const ACME = "(select id from company where name = 'Acme Research')";

describe('demo seed', () => {
  it('is deterministic: two fresh databases get the same studies, cells, steps and stims', async () => {
    const snapshot = async (db: Database) => ({
      studies: await rows(db, 'select s.name, c.internal_id, s.phase_id, s.live, s.completed, s.media_id, s.environment_id, s.participants_requested, s.data_collection_start, s.data_collection_end from study s join company c on c.id = s.company_id order by s.id'),
      cells: await rows(db, 'select count(*)::int as n from cell'),
      steps: await rows(db, 'select step_type, count(*)::int as n from step group by step_type order by step_type'),
      stims: await rows(db, 'select name, stim_type, width, height, source from stim order by id'),
      aois: await rows(db, 'select tag, x, y, width, height from aoi order by id'),
      placements: await rows(db, 'select x, y from step_stim order by id'),
      batches: await rows(db, 'select internal_id, batch_label, name from batch order by id'),
    });
    const sa = await snapshot(a);
    expect(sa.studies.length).toBeGreaterThan(70);
    expect(await snapshot(b)).toEqual(sa);
  });

  it('gives Acme Research at least 60 studies across every phase, media and environment', async () => {
    const [s] = await rows<{ n: number; media: number; env: number; phases: number; live: number; done: number; neither: number; long: number; lower: number }>(a, `
      select count(*)::int as n, count(distinct media_id)::int as media, count(distinct environment_id)::int as env,
             count(distinct phase_id)::int as phases,
             count(*) filter (where live and not completed)::int as live,
             count(*) filter (where completed)::int as done,
             count(*) filter (where not live and not completed)::int as neither,
             count(*) filter (where length(name) > 40)::int as long,
             count(*) filter (where name = lower(name))::int as lower
      from study where company_id = ${ACME}`);
    expect(s.n).toBeGreaterThanOrEqual(60);
    expect(s.media).toBe(6);
    expect(s.env).toBe(4);
    expect(s.phases).toBe(5);
    expect(s.live).toBeGreaterThan(5);
    expect(s.done).toBeGreaterThan(5);
    expect(s.neither).toBeGreaterThan(5);
    expect(s.long).toBeGreaterThan(5);
    expect(s.lower).toBeGreaterThan(3);
    const [types] = await rows<{ n: number }>(a, `select count(distinct study_type_id)::int as n from study where company_id = ${ACME}`);
    expect(types.n).toBe(6);
    const [cells] = await rows<{ min: number; max: number }>(a, `select min(n)::int as min, max(n)::int as max from (select count(c.id) as n from study s left join cell c on c.study_id = s.id where s.company_id = ${ACME} group by s.id) t`);
    expect(cells.min).toBeGreaterThanOrEqual(1);
    expect(cells.max).toBe(4);
  });

  it("keeps every live study's fieldwork open when seeded, so its phase stays data collection (D2-027)", async () => {
    const [r] = await rows<{ live: number; ended: number }>(a, `
      select count(*)::int as live,
             count(*) filter (where coalesce(data_collection_end, proposed_data_collection_end) <= now())::int as ended
      from study where live and not completed and phase_id = 3`);
    expect(r.live).toBeGreaterThan(5);
    expect(r.ended).toBe(0);
  });

  it('gives every demo study the flags, dates and timeline its phase implies (issue 35 item 4)', async () => {
    const bad = await rows<{ id: number; phase_id: number; live: boolean; paused: boolean; completed: boolean }>(a, `
      select id, phase_id, live, paused, completed from study s where not (
        (phase_id <= 2 and not live and not paused and not completed and data_collection_start is null and data_collection_end is null)
        or (phase_id = 3 and live and not completed and data_collection_start is not null and data_collection_end is null)
        or (phase_id = 4 and not live and not paused and not completed and data_collection_end is not null)
        or (phase_id = 5 and not live and not paused and completed and data_collection_end is not null))`);
    expect(bad).toEqual([]);
    // The demo shows a paused study, and a completed study is always in phase 5 (no Complete study button beside 'Study completed').
    const [paused] = await rows<{ n: number }>(a, `select count(*)::int as n from study where paused and company_id = ${ACME}`);
    expect(paused.n).toBe(1);
    // The timeline agrees with the dates: launched by someone, the first live session at the actual start, completed at the actual end.
    const disagree = await rows<{ id: number }>(a, `
      select s.id from study s join company c on c.id = s.company_id where c.name in ('Acme Research', 'Northwind Media') and (
        (s.phase_id >= 3 and not exists (select 1 from study_event e where e.study_id = s.id and e.kind = 'launched' and e.user_id is not null))
        or (s.data_collection_start is not null and not exists (select 1 from study_event e where e.study_id = s.id and e.kind = 'first_live_session' and e.at = s.data_collection_start))
        or (s.completed and not exists (select 1 from study_event e where e.study_id = s.id and e.kind = 'completed' and e.at = s.data_collection_end)))`);
    expect(disagree).toEqual([]);
  });

  it('has steps of every type, each referencing what its type needs', async () => {
    const types = (await rows<{ step_type: string }>(a, 'select distinct step_type from step order by 1')).map((r) => r.step_type);
    expect(types).toEqual(['cache', 'calibration', 'command', 'embedded', 'external', 'instruction', 'question', 'stim', 'validation']);
    const [bad] = await rows<{ n: number }>(a, `select count(*)::int as n from step where
      (step_type = 'instruction' and instruction_id is null) or (step_type = 'stim' and stim_id is null)
      or (step_type = 'cache' and cache_page_id is null) or (step_type in ('external','embedded') and external_page_id is null)
      or (step_type = 'question' and question_group_id is null) or (step_type = 'command' and command_id is null)`);
    expect(bad.n).toBe(0);
    // Page steps hold several ads at page positions.
    const [pages] = await rows<{ steps: number; multi: number }>(a, `select count(*)::int as steps, count(*) filter (where n > 1)::int as multi
      from (select st.id, count(ss.id) as n from step st join step_stim ss on ss.step_id = st.id where st.step_type in ('cache','embedded') group by st.id) t`);
    expect(pages.steps).toBeGreaterThan(20);
    expect(pages.multi).toBeGreaterThan(10);
  });

  it('stores a real PNG of the right size for every image stim, with AOIs inside it', async () => {
    const stims = await rows<{ id: number; source: string; width: number; height: number; stim_type: string }>(a,
      "select id, source, width, height, stim_type from stim where stim_type in ('i', 'v') order by id");
    expect(stims.length).toBeGreaterThan(100);
    const sizes = new Set(stims.map((s) => `${s.width}x${s.height}`));
    for (const f of ['300x250', '728x90', '160x600', '970x250', '320x50', '1080x1920']) expect(sizes).toContain(f);
    const checked = new Set<string>();
    for (const s of stims) {
      if (checked.has(s.source)) continue;
      checked.add(s.source);
      const bytes = await readAll(storage, s.source);
      expect(bytes, s.source).not.toBeNull();
      const png = PNG.sync.read(bytes!);
      expect([png.width, png.height]).toEqual([s.width, s.height]);
    }
    const [outside] = await rows<{ n: number }>(a, `select count(*)::int as n from aoi join stim on stim.id = aoi.stim_id
      where aoi.x < 0 or aoi.y < 0 or aoi.x + aoi.width > stim.width or aoi.y + aoi.height > stim.height`);
    expect(outside.n).toBe(0);
    // Batch stims are the exception on purpose (issue 18: feature data on some, not on others).
    const [noAoi] = await rows<{ n: number }>(a, "select count(*)::int as n from stim where stim_type = 'i' and not exists (select 1 from aoi where aoi.stim_id = stim.id) and not exists (select 1 from batch_stim bs where bs.stim_id = stim.id)");
    expect(noAoi.n).toBe(0);
    const tags = (await rows<{ tag: string }>(a, 'select distinct tag from aoi order by 1')).map((r) => r.tag);
    expect(tags).toEqual(['CTA', 'Headline', 'Logo', 'Product']);
    const [files] = await rows<{ n: number }>(a, "select count(*)::int as n from stored_file where uploaded and content_type = 'image/png'");
    expect(files.n).toBe(checked.size + 4);
    // Every stim type, with tags for scripts and VAST.
    const byType = await rows<{ stim_type: string; tagged: number }>(a, 'select stim_type, count(tag)::int as tagged from stim group by 1 order by 1');
    expect(byType.map((r) => r.stim_type)).toEqual(['i', 's', 'v', 'va', 'vx']);
    for (const t of byType.filter((r) => ['s', 'va', 'vx'].includes(r.stim_type))) expect(t.tagged).toBeGreaterThan(0);
  });

  it('lets every demo account sign in with the password gazeboard', async () => {
    const users = await rows<{ username: string; password_hash: string; user_type_id: number; super_user: boolean; company_admin: boolean; company: string; first_name: string }>(a,
      'select u.username, u.password_hash, u.user_type_id, u.super_user, u.company_admin, c.name as company, u.first_name from app_user u join company c on c.id = u.company_id');
    for (const acc of DEMO_ACCOUNTS) {
      const u = users.find((x) => x.username === acc.username)!;
      expect(u, acc.username).toBeDefined();
      expect(u.company).toBe(acc.company);
      expect(await verifyPassword(DEMO_PASSWORD, u.password_hash)).toBe(true);
      expect(await verifyPassword('wrong', u.password_hash)).toBe(false);
    }
    const by = (n: string) => users.find((x) => x.username === n)!;
    expect(by('researcher')).toMatchObject({ user_type_id: 1, super_user: false, first_name: 'Rita' });
    expect(by('vendor')).toMatchObject({ user_type_id: 2, super_user: false });
    expect(by('admin')).toMatchObject({ super_user: true, company: 'Gazeboard' });
    // Issue 36 item 8: Acme's researcher administers its company (allowed origins); Northwind's user does not.
    expect(by('researcher').company_admin).toBe(true);
    expect(by('northwind').company_admin).toBe(false);
  });

  it('keeps the other tenant apart: Northwind has its own rows and nothing crosses companies', async () => {
    const [nw] = await rows<{ n: number }>(a, "select count(*)::int as n from study where company_id = (select id from company where name = 'Northwind Media')");
    expect(nw.n).toBeGreaterThanOrEqual(8);
    const [cross] = await rows<{ n: number }>(a, `select count(*)::int as n from step st join study s on s.id = st.study_id
      left join stim on stim.id = st.stim_id left join cache_page cp on cp.id = st.cache_page_id left join external_page ep on ep.id = st.external_page_id
      left join question_group qg on qg.id = st.question_group_id
      where stim.company_id <> s.company_id or cp.company_id <> s.company_id or ep.company_id <> s.company_id or qg.company_id <> s.company_id`);
    expect(cross.n).toBe(0);
    const [placed] = await rows<{ n: number }>(a, 'select count(*)::int as n from step_stim ss join step st on st.id = ss.step_id join study s on s.id = st.study_id join stim on stim.id = ss.stim_id where stim.company_id <> s.company_id');
    expect(placed.n).toBe(0);
    const [logos] = await rows<{ n: number }>(a, "select count(*)::int as n from company where logo_url like 'logos/%.png'");
    expect(logos.n).toBe(4);
  });

  it("gives the vendor's company vendors and batches backed by studies with stims", async () => {
    const bs = await rows<{ label: string; study_id: number; stims: number; with_step: number; company: string }>(a, `select b.batch_label as label, b.study_id, c.name as company,
      count(bs.id)::int as stims, count(bs.step_id)::int as with_step
      from batch b join company c on c.id = b.company_id left join batch_stim bs on bs.batch_id = b.id group by b.id, c.name order by b.id`);
    // Eight image batches (demo.ts) and two of every stim kind (seed/batches.ts).
    expect(bs.length).toBe(10);
    for (const x of bs) {
      expect(x.company).toBe('Adscope Partners');
      expect(x.study_id).toBeTruthy();
      expect(x.stims).toBeGreaterThanOrEqual(4);
      expect(x.with_step).toBe(x.stims);
    }
    const [v] = await rows<{ n: number }>(a, "select count(*)::int as n from vendor where company_id = (select id from company where name = 'Adscope Partners')");
    expect(v.n).toBe(2);
    // Issue 18: discovered stims of every kind, feature data (AOIs) on some and not on others.
    const kinds = await rows<{ stim_type: string; with_aois: number; without: number }>(a, `select s.stim_type,
      count(*) filter (where exists (select 1 from aoi where aoi.stim_id = s.id))::int as with_aois,
      count(*) filter (where not exists (select 1 from aoi where aoi.stim_id = s.id))::int as without
      from batch_stim bs join stim s on s.id = bs.stim_id group by s.stim_type order by s.stim_type`);
    expect(kinds.map((k) => k.stim_type)).toEqual(['i', 's', 'v']);
    expect(kinds.find((k) => k.stim_type === 'i')).toMatchObject({ with_aois: expect.any(Number), without: expect.any(Number) });
    expect(kinds.find((k) => k.stim_type === 'i')!.without).toBeGreaterThan(0);
    expect(kinds.find((k) => k.stim_type === 'i')!.with_aois).toBeGreaterThan(0);
    const [files] = await rows<{ n: number }>(a, 'select count(*)::int as n from study_file f join batch b on b.study_id = f.study_id');
    expect(files.n).toBeGreaterThanOrEqual(3);
    const [r] = await rows<{ rows: number; panels: number }>(a, 'select count(distinct r.id)::int as rows, count(p.id)::int as panels from report_row r join report_panel p on p.report_row_id = r.id');
    expect(r.rows).toBeGreaterThanOrEqual(3);
    expect(r.panels).toBeGreaterThanOrEqual(4);
  });

  it('marks only studies that collected data (data collection on) for respondents, and seeding them resumes without duplicates', async () => {
    const pending = await pendingRespondentStudies(a.db);
    const [eligible] = await rows<{ n: number }>(a, 'select count(*)::int as n from study where phase_id >= 3');
    expect(pending.length).toBe(eligible.n);
    const setup = (await rows<{ id: number }>(a, 'select id from study where phase_id < 3')).map((r) => r.id);
    expect(pending.some((id) => setup.includes(id))).toBe(false);

    await seedPendingRespondents(a.db, pending.slice(0, 2));
    const after = await participantCount(a.db);
    expect(after).toBeGreaterThan(0);
    expect(await pendingRespondentStudies(a.db)).toEqual(pending.slice(2));
    // A run killed half-way through a study left some of its sessions (each one whole: one
    // transaction per session): the resume adds the missing ones and repeats none.
    await simulateStudy(a.db, pending[2], { count: 7 });
    await seedPendingRespondents(a.db, pending.slice(2, 3));
    const [half] = await rows<{ n: number; sessions: number }>(a, `select count(*)::int as n, count(distinct session_id)::int as sessions from participant where study_id = ${pending[2]}`);
    expect(half.n).toBe(half.sessions);
    expect(half.n).toBe(respondentTarget((await loadStudyContext(a.db, pending[2]))!));
    // A second start seeds nothing new.
    const again = await seedOnStart(a.db, storage, { demo: true });
    expect(again.seeded).toBe('none');
    expect(again.pendingRespondents).toEqual(pending.slice(3));
  });

  it('issue 38: the seeded test sessions are a handful of run-throughs per study over the last weeks, mixed results, one My Validations row per run', async () => {
    const seeded = (await rows<{ study_id: number }>(a, 'select distinct study_id from participant where is_test')).map((r) => Number(r.study_id));
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    // Every test session belongs to a run of its own study.
    const [loose] = await rows<{ n: number }>(a, 'select count(*)::int as n from participant p left join run_through r on r.id = p.run_through_id where p.is_test and (r.id is null or r.study_id <> p.study_id)');
    expect(loose.n).toBe(0);
    const runs = await rows<{ study_id: number; status: string; result: string | null; created_at: string; results: unknown; requested_by: number; company_ok: boolean }>(a, `
      select r.study_id, r.status, r.result, r.created_at, r.results, r.requested_by, u.company_id = s.company_id or u.super_user as company_ok
      from run_through r join study s on s.id = r.study_id join app_user u on u.id = r.requested_by
      where r.study_id in (${seeded.join(',')}) and r.results is not null`);
    const perStudy = new Map<number, number>();
    for (const r of runs) perStudy.set(Number(r.study_id), (perStudy.get(Number(r.study_id)) ?? 0) + 1);
    for (const id of seeded) {
      expect(perStudy.get(id)).toBeGreaterThanOrEqual(1);
      expect(perStudy.get(id)).toBeLessThanOrEqual(3);
    }
    expect(new Set(runs.map((r) => r.status))).toEqual(new Set(['passed', 'failed']));
    for (const r of runs) {
      expect(r.company_ok).toBe(true);
      expect(Array.isArray(r.results)).toBe(true);
      if (r.status === 'failed') expect(r.result).toMatch(/^.+, (step \d+ \(.+\): did not render within 20 s|the test session .+)$/);
      else expect(r.result).toBeNull();
    }
    // Dated over the last weeks, in the past, not all on one day.
    const times = runs.map((r) => new Date(r.created_at).getTime());
    expect(Math.max(...times)).toBeLessThan(Date.now());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(7 * 86_400_000);
    expect(Date.now() - Math.min(...times)).toBeLessThan(8 * 7 * 86_400_000);
    // My Validations lists the runs, no test-link rows.
    const [{ company_id: acme }] = await rows<{ company_id: number }>(a, `select company_id from study where id = ${seeded[0]}`);
    const list = await companyValidations(a.db, Number(acme), { search: '', sort: 'Date', desc: true, page: 1, size: 100 });
    expect(list.rows.filter((r) => r.kind === 'test_session')).toEqual([]);
    const ofCompany = await rows<{ n: number }>(a, `select count(*)::int as n from run_through r join study s on s.id = r.study_id where s.company_id = ${Number(acme)}`);
    expect(list.total).toBe(Number(ofCompany[0].n));
  });

  it('serves the seeded creatives and logos through signed URLs', async () => {
    const app = await buildApp({ database: a, config: { ...loadConfig({}), seed: false, dataDir: dirA }, storage });
    try {
      const [s] = await rows<{ source: string }>(a, "select source from stim where stim_type = 'i' order by id limit 1");
      const res = await app.inject({ method: 'GET', url: publicUrl(app, s.source) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(PNG.sync.read(res.rawPayload).width).toBeGreaterThan(0);
      const logo = await app.inject({ method: 'GET', url: publicUrl(app, 'logos/acme-research.png') });
      expect(logo.statusCode).toBe(200);
      // Sign-in through the API when the auth route is present.
      const signIn = await app.inject({ method: 'POST', url: '/v1.0/auth-token', payload: { username: 'researcher', password: DEMO_PASSWORD } });
      if (signIn.statusCode !== 404) {
        expect(signIn.statusCode).toBe(200);
        expect(typeof signIn.json().token).toBe('string');
      }
    } finally {
      await app.close();
    }
  });
});
