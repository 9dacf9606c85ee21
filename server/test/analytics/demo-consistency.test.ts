// Issue 4: on the real demo data (the demo seed plus simulated respondents, stored through
// ingestSession), every report endpoint of a completed study is internally consistent. Numbers
// are re-derived here from the per-exposure download (participant_report) and the feature
// download (feature_report), which read the rows rather than the aggregates, so a broken
// aggregate, base, filter, curve or norm shows up as a mismatch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { freshDatabase } from '../helpers.js';
import { authHeaders, signIn } from '../fixtures.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { LocalStorage } from '../../storage/index.js';
import { DEMO_PASSWORD, seedOnStart } from '../../seed/index.js';
import { simulateStudy } from '../../seed/respondents.js';
import { LOOKUPS } from '../../seed/reference.js';
import { METRIC_NAMES } from '../../analytics/metrics.js';

type Json = Record<string, any>;
interface Ref { cell_id: number; step_id: number; stim_id: number }
interface PRow {
  participant_reference: string; age_group: string | null; family_group: string | null; earnings_group: string | null;
  gender_group: string | null; has_eyetracking: boolean; in_base: boolean; page_dwell_time: number; viewable: boolean;
  viewable_time: number; viewed: boolean; dwell_time: number; time_to_first_view: number | null;
}
interface FRow { participant_reference: string; feature_name: string; dwell_time: number; time_to_first_fixation: number | null }

const PERCENTS = ['panelist_viewable_script_percent', 'panelist_viewable_percent', 'panelist_viewed_percent', 'percent_viewable'] as const;
const TIMES = ['avg_page_dwell_time', 'avg_stim_viewable_time', 'avg_stim_dwell_time', 'avg_time_to_first_view', 'avg_viewed_time', 'attention_per_1000_impressions'] as const;
const FILTER_KINDS = [
  ['age_group_ids', 'age_group', 'age_group'],
  ['family_group_ids', 'family_group', 'family_group'],
  ['earnings_group_ids', 'earnings_group', 'earnings_group'],
  ['genders_group_ids', 'gender_group', 'gender_group'],
] as const;

interface Env { database: Database; app: FastifyInstance; dir: string; headers: Record<string, string> }

async function rows<T>(database: Database, q: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
}

/** Demo seed into a fresh database, respondents for the chosen studies only, signed in as the researcher. */
async function demoEnv(pickStudies: (database: Database) => Promise<number[]>): Promise<Env & { studies: number[] }> {
  const database = await freshDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-consistency-'));
  const storage = new LocalStorage(path.join(dir, 'storage'));
  expect((await seedOnStart(database.db, storage, { demo: true })).seeded).toBe('demo');
  const studies = await pickStudies(database);
  for (const id of studies) expect(await simulateStudy(database.db, id)).toBeGreaterThan(0);
  const app = await buildApp({ database, config: { ...loadConfig({}), seed: false, dataDir: dir }, storage });
  await app.ready();
  const headers = authHeaders(await signIn(app, 'researcher', DEMO_PASSWORD));
  return { database, app, dir, headers, studies };
}

/**
 * 1. a completed display study of Acme Research with a cache page holding several ads of one brand;
 * 2. another completed study with that brand's stims, one of them a video (brand and format norms);
 * 3. a completed multi-cell study whose stims share the first brand's category (category norms).
 */
async function pickStudies(database: Database): Promise<number[]> {
  const acme = "(select id from company where name = 'Acme Research')";
  const [main] = await rows<{ id: number; brand: number; category: number }>(database, `
    select s.id, min(stim.brand_id) as brand, min(b.brand_category_id) as category from study s
      join step st on st.study_id = s.id and st.step_type = 'cache' join step_stim ss on ss.step_id = st.id
      join stim on stim.id = ss.stim_id join brand b on b.id = stim.brand_id
    where s.company_id = ${acme} and s.completed and s.media_id = 1
    group by s.id, st.id having count(distinct stim.id) >= 3 and count(distinct stim.brand_id) = 1
    order by s.id limit 1`);
  const placed = `(select st.study_id, coalesce(st.stim_id, ss.stim_id) as stim_id from step st left join step_stim ss on ss.step_id = st.id)`;
  const [sameBrand] = await rows<{ id: number }>(database, `
    select s.id from study s join ${placed} p on p.study_id = s.id join stim on stim.id = p.stim_id
    where s.company_id = ${acme} and s.completed and s.id <> ${main.id}
    group by s.id having bool_or(stim.brand_id = ${main.brand}) and bool_or(stim.stim_type in ('v', 'va', 'vx'))
    order by s.id limit 1`);
  const [sameCategory] = await rows<{ id: number }>(database, `
    select s.id from study s join ${placed} p on p.study_id = s.id join stim on stim.id = p.stim_id join brand b on b.id = stim.brand_id
    where s.company_id = ${acme} and s.completed and s.id not in (${main.id}, ${sameBrand.id})
      and (select count(*) from cell where cell.study_id = s.id) > 1
    group by s.id having bool_or(b.brand_category_id = ${main.category} and stim.brand_id <> ${main.brand})
    order by s.id limit 1`);
  return [main.id, sameBrand.id, sameCategory.id];
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : null);

/** The attention metrics, from one row per exposure (what the download gives). */
function handMetrics(all: PRow[]): Record<string, number | null> {
  const E = all.filter((r) => r.in_base);
  const V = E.filter((r) => r.viewable);
  const W = V.filter((r) => r.viewed);
  const dwell = sum(W.map((r) => r.dwell_time));
  return {
    base_size: E.length,
    panelist_viewable_script_percent: all.length ? (all.filter((r) => r.viewable).length / all.length) * 100 : 0,
    avg_page_dwell_time: mean(E.map((r) => r.page_dwell_time)),
    panelist_viewable_percent: E.length ? (V.length / E.length) * 100 : 0,
    avg_stim_viewable_time: mean(V.map((r) => r.viewable_time)),
    panelist_viewed_percent: V.length ? (W.length / V.length) * 100 : 0,
    avg_stim_dwell_time: mean(W.map((r) => r.dwell_time)),
    attention_per_1000_impressions: E.length ? (dwell / E.length) * 1000 : 0,
    avg_time_to_first_view: mean(W.map((r) => r.time_to_first_view).filter((x): x is number => x !== null)),
    percent_viewable: E.length ? (sum(E.map((r) => (r.page_dwell_time > 0 ? Math.min(r.viewable_time / r.page_dwell_time, 1) : 0))) / E.length) * 100 : 0,
    avg_viewed_time: V.length ? dwell / V.length : null,
  };
}

function expectClose(actual: number | null | undefined, expected: number | null, label: string, tol = 1e-4) {
  if (expected === null) {
    expect(actual, label).toBeNull();
    return;
  }
  expect(actual, label).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(expected)));
}

/** Percents in 0..100 and times ≥ 0; a norm over an empty set has null means (nullable). */
function expectInRange(m: Json, label: string, nullable = false) {
  for (const k of PERCENTS) {
    if (nullable && m[k] === null) continue;
    expect(m[k], `${label} ${k}`).toBeGreaterThanOrEqual(0);
    expect(m[k], `${label} ${k}`).toBeLessThanOrEqual(100);
  }
  for (const k of TIMES) if (m[k] !== null) expect(m[k], `${label} ${k}`).toBeGreaterThanOrEqual(0);
}

function expectSaneMetrics(m: Json, label: string) {
  expectInRange(m, label);
  // D3-217: viewable% × viewed% × avg dwell × 1000 (percents as fractions) = × 1000 / 10,000 with percents.
  const product = (m.panelist_viewable_percent * m.panelist_viewed_percent * (m.avg_stim_dwell_time ?? 0) * 1000) / 10_000;
  expectClose(m.attention_per_1000_impressions, product, `${label} attention_per_1000_impressions`, 1e-5);
  // The same number through the other factorisation: dwell per viewable impression × viewable share.
  if (m.avg_viewed_time !== null) expectClose(m.attention_per_1000_impressions, m.avg_viewed_time * m.panelist_viewable_percent * 10, `${label} via avg_viewed_time`, 1e-5);
}

/** Signature-free view of a PNG: its IHDR size and whether it is more than one colour. */
function pngFacts(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  const width = bytes.readUInt32BE(16), height = bytes.readUInt32BE(20);
  const png = PNG.sync.read(bytes);
  const colours = new Set<number>();
  for (let i = 0; i < png.data.length && colours.size < 3; i += 4) colours.add(png.data.readUInt32BE(i));
  return { width, height, colours: colours.size, data: png.data };
}

let env: Env & { studies: number[] };
let nwHeaders: Record<string, string>;
let studyId: number;
let refs: Ref[];
/** Exposure rows of every placement of every seeded study, by `${step}:${stim}`. */
const exposureRows = new Map<string, PRow[]>();
const placementsOf = new Map<number, Ref[]>();

const post = async (url: string, payload: unknown = {}, headers = env.headers) =>
  env.app.inject({ method: 'POST', url: `/v1.0${url}`, headers, payload: payload as Json });
const ok = async (url: string, payload: unknown = {}) => {
  const res = await post(url, payload);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as Json;
};
const stimUrl = (s: number, r: Ref, suffix: string) => `/studies/${s}/cell/${r.cell_id}/step/${r.step_id}/stimuli/${r.stim_id}/${suffix}`;
const key = (r: { step_id: number; stim_id: number }) => `${r.step_id}:${r.stim_id}`;

beforeAll(async () => {
  env = await demoEnv(pickStudies);
  studyId = env.studies[0];
  nwHeaders = authHeaders(await signIn(env.app, 'northwind', DEMO_PASSWORD));
  for (const s of env.studies) {
    const tree = await ok(`/studies/${s}/stims/overview`);
    const list: Ref[] = [];
    for (const c of tree.data) for (const st of c.step_list) for (const x of st.stimulus_list) list.push({ cell_id: c.cell_id, step_id: st.step_id, stim_id: x.stimulus_id });
    placementsOf.set(s, list);
    for (const r of list) exposureRows.set(key(r), (await ok(stimUrl(s, r, 'participant_report'))).data);
  }
  refs = placementsOf.get(studyId)!;
}, 300_000); // seeds the demo with simulated respondents: minutes on a loaded 2-core machine
afterAll(async () => {
  await env?.app.close();
  await env?.database.close();
  if (env?.dir) await rm(env.dir, { recursive: true, force: true });
});

describe('demo data: report consistency of a completed study (issue 4)', () => {
  it('D3-181 stims/overview lists exactly the study\'s placed stims (stim steps and page steps)', async () => {
    const expected = await rows<{ cell_id: number; step_id: number; stim_id: number }>(env.database, `
      select st.cell_id, st.id as step_id, st.stim_id from step st where st.study_id = ${studyId} and st.stim_id is not null
      union all select st.cell_id, st.id, ss.stim_id from step st join step_stim ss on ss.step_id = st.id where st.study_id = ${studyId}`);
    const norm = (xs: Ref[]) => xs.map((r) => `${r.cell_id}/${r.step_id}/${r.stim_id}`).sort();
    expect(norm(refs)).toEqual(norm(expected.map((r) => ({ cell_id: Number(r.cell_id), step_id: Number(r.step_id), stim_id: Number(r.stim_id) }))));
    expect(refs.length).toBeGreaterThanOrEqual(3);
    // The study picked is a display study: a page step with several ads.
    const byStep = new Map<number, number>();
    for (const r of refs) byStep.set(r.step_id, (byStep.get(r.step_id) ?? 0) + 1);
    expect(Math.max(...byStep.values())).toBeGreaterThanOrEqual(3);
  });

  it('D3-209 D3-217 every stim: metrics in range, the attention identity holds, and they match the exposure rows', async () => {
    // The completed display study, and every placement of the other seeded studies too (a
    // video stim, a stim placed in several steps and cells).
    for (const s of env.studies) {
      const placed = placementsOf.get(s)!;
      const body = await ok(`/studies/${s}/compare_report/overall_attention`, { data: placed });
      expect(body.data).toHaveLength(placed.length);
      for (const [i, d] of body.data.entries()) {
        const r = placed[i];
        expect(d).toMatchObject({ stim_id: r.stim_id, cell_id: r.cell_id, step_id: r.step_id });
        const label = `study ${s} step ${r.step_id} stim ${r.stim_id}`;
        expect(Object.keys(d.stim_data).sort()).toEqual([...METRIC_NAMES, 'base_size'].sort());
        expectSaneMetrics(d.stim_data, label);
        // The demo promises ≥ 40 report-eligible respondents per stim, and believable numbers.
        expect(d.stim_data.base_size, label).toBeGreaterThanOrEqual(40);
        expect(d.stim_data.panelist_viewable_percent, label).toBeGreaterThan(0);
        expect(d.stim_data.panelist_viewed_percent, label).toBeGreaterThan(0);
        expect(d.stim_data.panelist_viewed_percent, label).toBeLessThan(100);
        const hand = handMetrics(exposureRows.get(key(r))!);
        for (const [k, v] of Object.entries(hand)) expectClose(d.stim_data[k], v, `${label} ${k}`);
      }
    }
  });

  it('D3-209 every exposure summary of the seeded studies is coherent (the rows every metric is built from)', () => {
    let n = 0;
    for (const list of exposureRows.values()) {
      for (const x of list) {
        const label = `${x.participant_reference}`;
        n += 1;
        expect(x.page_dwell_time, label).toBeGreaterThan(0);
        expect(x.viewable_time, label).toBeGreaterThanOrEqual(0);
        expect(x.viewable_time, label).toBeLessThanOrEqual(Math.min(180, x.page_dwell_time) + 1e-6);
        expect(x.dwell_time, label).toBeGreaterThanOrEqual(0);
        expect(x.dwell_time, label).toBeLessThanOrEqual(x.page_dwell_time + 1e-6);
        if (x.viewed) {
          expect(x.viewable, label).toBe(true);
          expect(x.dwell_time, label).toBeGreaterThanOrEqual(0.1);
          expect(x.time_to_first_view, label).not.toBeNull();
          expect(x.time_to_first_view!, label).toBeGreaterThanOrEqual(0);
          expect(x.time_to_first_view!, label).toBeLessThan(x.page_dwell_time);
        } else {
          expect(x.time_to_first_view, label).toBeNull();
        }
        // The base needs eye tracking; viewability does not.
        if (x.in_base) expect(x.has_eyetracking, label).toBe(true);
        if (!x.has_eyetracking) expect(x.viewed, label).toBe(false);
      }
    }
    expect(n).toBeGreaterThan(1000);
  });

  it('D3-235 kpi_analysis, report and feature_analysis agree with overall_attention on the same base', async () => {
    for (const normType of [1, 2, 3, 4]) {
      const overall = await ok(`/studies/${studyId}/compare_report/overall_attention`, { data: refs, norm_type_id: normType });
      expect(overall.current_norm_type).toBe(normType);
      for (const [i, r] of refs.entries()) {
        const o = overall.data[i];
        const kpi = await ok(stimUrl(studyId, r, 'kpi_analysis'), { norm_type_id: normType });
        expect(kpi.stim_data).toEqual({ ...o.stim_data, panelist_viewed_over1_percent: kpi.stim_data.panelist_viewed_over1_percent });
        expect(kpi.norm_data).toEqual(o.norm_data);
        const report = (await ok(stimUrl(studyId, r, 'report'), { norm_type_id: normType })).data as Json[];
        expect(report.map((x) => x.metric)).toEqual([...METRIC_NAMES]);
        for (const row of report) {
          expect(row.actual).toBe(o.stim_data[row.metric]);
          expect(row.norm).toBe(o.norm_data[row.metric]);
          expect(row.base_size).toBe(o.stim_data.base_size);
          expect(row.norm_size).toBe(o.norm_data.norm_size);
        }
      }
    }
    for (const r of refs) {
      const fa = await ok(stimUrl(studyId, r, 'feature_analysis'));
      const kpi = await ok(stimUrl(studyId, r, 'kpi_analysis'));
      for (const k of ['avg_page_dwell_time', 'panelist_viewed_percent', 'avg_stim_dwell_time', 'base_size']) expect(fa.stim_data[k]).toBe(kpi.stim_data[k]);
    }
  });

  it('D3-206 D3-211 survival curves 1–3: grid, never rising, within 0..100, base and area match the averages', async () => {
    const overall = (await ok(`/studies/${studyId}/compare_report/overall_attention`, { data: refs })).data as Json[];
    const defaults = { 1: [100, 5000], 2: [1000, 60000], 3: [500, 15000] } as const;
    // Wide enough to hold every value (viewable time is capped at 180 s), so the area is the whole mean.
    const wide = { 1: [100, 60000], 2: [1000, 900000], 3: [500, 180000] } as const;
    const average = { 1: 'avg_stim_dwell_time', 2: 'avg_page_dwell_time', 3: 'avg_stim_viewable_time' } as const;
    for (const g of [1, 2, 3] as const) {
      const def = await ok(`/studies/${studyId}/compare_report/graph2_data`, { data: refs, graph_type_id: g });
      expect(def).toMatchObject({ current_graph_type_id: g, time_segment: defaults[g][0], max_time: defaults[g][1] });
      expect(def.data_types).toEqual({ 1: 'Dwell Time', 2: 'Page Dwell Time', 3: 'Viewable Time' });
      const [seg, max] = wide[g];
      const body = await ok(`/studies/${studyId}/compare_report/graph2_data`, { data: refs, graph_type_id: g, time_segment: seg, max_time: max });
      for (const [i, r] of refs.entries()) {
        const label = `graph ${g} stim ${r.stim_id}`;
        for (const [pts, [s, m]] of [[def.data[i].graph_data, defaults[g]], [body.data[i].graph_data, wide[g]]] as const) {
          expect(pts.map((p: Json) => p.x), label).toEqual(Array.from({ length: m / s + 1 }, (_, k) => Math.round(k * s) / 1000));
          for (const [k, p] of pts.entries()) {
            expect(p.y, label).toBeGreaterThanOrEqual(0);
            expect(p.y, label).toBeLessThanOrEqual(100);
            if (k) expect(p.y, `${label} at ${p.x}`).toBeLessThanOrEqual(pts[k - 1].y);
          }
        }
        const pts = body.data[i].graph_data as { x: number; y: number }[];
        // Every member of each base has a positive value, so the curve starts at 100 and ends at 0.
        expect(pts[0].y, label).toBe(100);
        expect(pts.at(-1)!.y, label).toBe(0);
        // S(t) never rises: left and right Riemann sums bracket the area, which is the base's mean.
        const dx = seg / 1000;
        const left = sum(pts.slice(0, -1).map((p) => (p.y / 100) * dx));
        const right = sum(pts.slice(1).map((p) => (p.y / 100) * dx));
        const avg = overall[i].stim_data[average[g]] as number;
        expect(avg, label).toBeGreaterThanOrEqual(right - 1e-3);
        expect(avg, label).toBeLessThanOrEqual(left + 1e-3);
        // The per-stim endpoint draws the same curve.
        const one = await ok(stimUrl(studyId, r, 'graph2_data'), { graph_type_id: g, time_segment: seg, max_time: max });
        expect(one.data[0].graph_data).toEqual(pts);
        // The curve's points are the share of its base above t, counted from the exposure rows.
        const E = exposureRows.get(key(r))!.filter((x) => x.in_base);
        const base = g === 1 ? E.filter((x) => x.viewable && x.viewed) : g === 3 ? E.filter((x) => x.viewable) : E;
        const value = (x: PRow) => (g === 1 ? x.dwell_time : g === 2 ? x.page_dwell_time : x.viewable_time);
        for (const p of [pts[1], pts[Math.floor(pts.length / 8)], pts[Math.floor(pts.length / 4)]]) {
          const n = base.filter((x) => value(x) * 1000 > p.x * 1000 + 1e-6).length;
          expectClose(p.y, (n / base.length) * 100, `${label} y(${p.x})`, 1e-3);
        }
      }
    }
  });

  it('D3-207 norms of each type: the mean of the comparison stims\' own metrics, with norm_size', async () => {
    // Per stim over every study: the rows of all its placements (norms use no filters).
    const byStim = new Map<number, PRow[]>();
    for (const list of placementsOf.values()) {
      for (const r of list) byStim.set(r.stim_id, [...(byStim.get(r.stim_id) ?? []), ...exposureRows.get(key(r))!]);
    }
    const measured = [...byStim.entries()].filter(([, xs]) => xs.some((x) => x.in_base)).map(([id]) => id);
    const profile = new Map((await rows<{ id: number; brand: number | null; category: number | null; ad: number | null; type: string }>(env.database, `
      select s.id, s.brand_id as brand, b.brand_category_id as category, at.ad_category_id as ad, s.stim_type as type
      from stim s left join brand b on b.id = s.brand_id left join ad_type at on at.id = s.ad_type_id
      where s.id in (${measured.join(',')})`)).map((p) => [Number(p.id), p]));
    const video = (t: string) => ['v', 'va', 'vx'].includes(t);
    const sameSet = (target: number, type: number) => measured.filter((c) => {
      if (c === target) return false;
      const a = profile.get(c)!, b = profile.get(target)!;
      if (type === 1) return a.brand !== null && a.brand === b.brand;
      if (type === 2) return a.category !== null && a.category === b.category;
      if (type === 3) return video(a.type) === video(b.type);
      return a.ad !== null && a.ad === b.ad;
    });
    const sizes: Record<number, number[]> = { 1: [], 2: [], 3: [], 4: [] };
    for (const type of [1, 2, 3, 4]) for (const s of env.studies) {
      const placed = placementsOf.get(s)!;
      const body = await ok(`/studies/${s}/compare_report/overall_attention`, { data: placed, norm_type_id: type });
      expect(body.norm_types).toEqual({ 1: 'Brand Norm', 2: 'Brand Category Norm', 3: 'Base Norm', 4: 'Ad Category Norm' });
      for (const [i, r] of placed.entries()) {
        const norm = body.data[i].norm_data;
        const set = sameSet(r.stim_id, type);
        expect(norm.norm_size, `type ${type} stim ${r.stim_id}`).toBe(set.length);
        if (s === studyId) sizes[type].push(norm.norm_size);
        const perStim = set.map((c) => handMetrics(byStim.get(c)!));
        for (const m of METRIC_NAMES) {
          const vals = perStim.map((x) => x[m]).filter((v): v is number => v !== null);
          expectClose(norm[m], mean(vals), `norm ${type} stim ${r.stim_id} ${m}`);
        }
        // Ranges only: a mean of products is not the product of means.
        expectInRange(norm, `norm ${type} stim ${r.stim_id}`, true);
        if (!set.length) for (const m of METRIC_NAMES) expect(norm[m], `empty norm ${type} stim ${r.stim_id} ${m}`).toBeNull();
      }
    }
    // The seeded studies give every norm type data for this study (same brand, its category, …).
    for (const type of [1, 2, 3, 4]) expect(Math.max(...sizes[type]), `type ${type}`).toBeGreaterThan(0);
    // Same brand implies same brand category.
    for (const [i] of refs.entries()) expect(sizes[2][i]).toBeGreaterThanOrEqual(sizes[1][i]);
  });

  it('D3-205 demographic filters of each kind narrow the base; a kind\'s groups add up to the whole', async () => {
    const whole = (await ok(`/studies/${studyId}/compare_report/overall_attention`, { data: refs })).data as Json[];
    for (const [field, kind, column] of FILTER_KINDS) {
      const groups = LOOKUPS[kind];
      const totals = refs.map(() => 0);
      for (const [gid, , name] of groups) {
        const body = await ok(`/studies/${studyId}/compare_report/overall_attention`, { data: refs, filters: { [field]: [gid] } });
        for (const [i, r] of refs.entries()) {
          const f = body.data[i].stim_data;
          const label = `${kind}=${name} stim ${r.stim_id}`;
          expect(f.base_size, label).toBeLessThanOrEqual(whole[i].stim_data.base_size);
          expectSaneMetrics(f, label);
          // Independently: the unfiltered exposure rows of that group.
          const rowsOfGroup = exposureRows.get(key(r))!.filter((x) => x[column] === name);
          const hand = handMetrics(rowsOfGroup);
          for (const [k, v] of Object.entries(hand)) expectClose(f[k], v, `${label} ${k}`);
          totals[i] += f.base_size;
        }
      }
      for (const [i, r] of refs.entries()) {
        // A kind's groups partition the base, apart from respondents who gave no answer for it
        // (the simulator leaves ~4 % blank); with none blank the groups add up to the whole base.
        const blank = exposureRows.get(key(r))!.filter((x) => x.in_base && x[column] === null).length;
        expect(totals[i] + blank, `${kind} stim ${r.stim_id}`).toBe(whole[i].stim_data.base_size);
        expect(blank, `${kind} stim ${r.stim_id}`).toBeLessThan(whole[i].stim_data.base_size / 4);
      }
    }
    // AND across kinds, OR within one; the singular spelling and top-level lists mean the same.
    const both = (await ok(`/studies/${studyId}/compare_report/overall_attention`, { data: refs, filters: { age_group_ids: [1, 2], genders_group_ids: [1] } })).data;
    const ageOnly = (await ok(`/studies/${studyId}/compare_report/overall_attention`, { data: refs, filters: { age_group_ids: [1, 2] } })).data;
    const top = (await ok(`/studies/${studyId}/compare_report/overall_attention`, { data: refs, age_group_ids: [1, 2], gender_group_ids: [1] })).data;
    for (const [i, r] of refs.entries()) {
      expect(both[i].stim_data.base_size).toBeLessThanOrEqual(ageOnly[i].stim_data.base_size);
      expect(top[i].stim_data).toEqual(both[i].stim_data);
      const hand = handMetrics(exposureRows.get(key(r))!.filter((x) => ['18-24', '25-34'].includes(x.age_group!) && x.gender_group === 'Female'));
      expect(both[i].stim_data.base_size).toBe(hand.base_size);
      // Norms are fixed benchmarks: filters never move them.
      expect(both[i].norm_data).toEqual(whole[i].norm_data);
    }
    // The curves narrow with the same filter.
    const g = await ok(`/studies/${studyId}/compare_report/graph2_data`, { data: refs, graph_type_id: 2, filters: { genders_group_ids: [2] } });
    for (const [i, r] of refs.entries()) {
      const E = exposureRows.get(key(r))!.filter((x) => x.in_base && x.gender_group === 'Male');
      const above5 = E.filter((x) => x.page_dwell_time > 5).length;
      expectClose(g.data[i].graph_data[5].y, E.length ? (above5 / E.length) * 100 : 0, `male page dwell > 5 s stim ${r.stim_id}`, 1e-3);
    }
  });

  it('D3-210 D3-246 features: per AOI percents in 0..100, and the same numbers as the feature download', async () => {
    const body = await ok(`/studies/${studyId}/compare_report/feature_attention`, { data: refs });
    const aois = await rows<{ stim_id: number; tag: string }>(env.database, `select distinct stim_id, tag from aoi where stim_id in (${refs.map((r) => r.stim_id).join(',')})`);
    expect(body.feature_tag_list.length).toBeGreaterThan(0);
    for (const [i, r] of refs.entries()) {
      const d = body.data[i];
      const tags = aois.filter((a) => Number(a.stim_id) === r.stim_id).map((a) => a.tag).sort();
      // Every tag of the list for every stim (issue 39): a tag the stim has no AOI of answers nulls.
      expect(Object.keys(d.feature_data).sort()).toEqual([...body.feature_tag_list].sort());
      expect(Object.keys(d.feature_data).filter((t) => d.feature_data[t].panelist_viewed_percent !== null).sort()).toEqual(tags);
      const all = exposureRows.get(key(r))!;
      const viewers = all.filter((x) => x.in_base && x.viewable && x.viewed).length;
      const fr = (await ok(stimUrl(studyId, r, 'feature_report'))).data[0].participant_data as FRow[];
      const fa = await ok(stimUrl(studyId, r, 'feature_analysis'));
      const orders: number[] = [];
      for (const tag of tags) {
        const f = d.feature_data[tag];
        const label = `stim ${r.stim_id} ${tag}`;
        expect(f.panelist_viewed_percent, label).toBeGreaterThanOrEqual(0);
        expect(f.panelist_viewed_percent, label).toBeLessThanOrEqual(100);
        if (f.avg_feature_dwell_time !== null) expect(f.avg_feature_dwell_time, label).toBeGreaterThan(0);
        const mine = fr.filter((x) => x.feature_name === tag);
        expectClose(f.panelist_viewed_percent, viewers ? (mine.length / viewers) * 100 : 0, `${label} %`);
        expectClose(f.avg_feature_dwell_time, mean(mine.map((x) => x.dwell_time)), `${label} dwell`);
        if (f.view_order !== null) orders.push(f.view_order);
        else expect(mine.length, label).toBe(0);
        const n = d.norm_data[tag];
        expect(n.norm_size, label).toBeGreaterThanOrEqual(0);
        if (n.panelist_viewed_percent !== null) {
          expect(n.panelist_viewed_percent).toBeGreaterThanOrEqual(0);
          expect(n.panelist_viewed_percent).toBeLessThanOrEqual(100);
        }
        const item = fa.feature_data.find((x: Json) => x.feature_name === tag);
        expect(item).toMatchObject({ avg_feature_dwell_time: f.avg_feature_dwell_time, panelist_viewed_percent: f.panelist_viewed_percent, view_order: f.view_order });
        const { avg_stim_dwell_time: legacyName, ...norm } = n;
        expect(legacyName).toBe(n.avg_feature_dwell_time);
        expect(item.norm).toEqual(norm);
      }
      // View order ranks 1..n over the fixated features, by mean first fixation.
      expect(orders.sort((a, b) => a - b)).toEqual(orders.map((_, k) => k + 1));
      const firstFix = (tag: string) => mean(fr.filter((x) => x.feature_name === tag).map((x) => x.time_to_first_fixation!));
      const ranked = tags.filter((t) => d.feature_data[t].view_order !== null).sort((a, b) => d.feature_data[a].view_order - d.feature_data[b].view_order);
      for (let k = 1; k < ranked.length; k++) expect(firstFix(ranked[k])!).toBeGreaterThanOrEqual(firstFix(ranked[k - 1])! - 1e-9);
      // Somebody looked at some feature of every demo ad.
      expect(orders.length, `stim ${r.stim_id}`).toBeGreaterThan(0);
    }
  });

  it('D3-212 D3-237 visual_data URLs open real PNGs of the stim\'s size; low quality is smaller', async () => {
    const body = await ok(`/studies/${studyId}/compare_report/visual_data`, { data: refs });
    const sizes = await rows<{ id: number; width: number; height: number }>(env.database, `select id, width, height from stim where id in (${refs.map((r) => r.stim_id).join(',')})`);
    for (const [i, r] of refs.entries()) {
      const d = body.data[i];
      const size = sizes.find((s) => Number(s.id) === r.stim_id)!;
      expect([d.stim_width, d.stim_height]).toEqual([size.width, size.height]);
      const get = async (url: string) => {
        const res = await env.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        return res.rawPayload;
      };
      const original = pngFacts(await get(d.original_url));
      expect([original.width, original.height]).toEqual([size.width, size.height]);
      for (const kind of ['heatmap', 'vieworder', 'featureanalysis', 'analysis']) {
        const label = `${kind} stim ${r.stim_id}`;
        const full = await get(d[`${kind}_url`]);
        const facts = pngFacts(full);
        expect([facts.width, facts.height], label).toEqual([size.width, size.height]);
        expect(facts.colours, label).toBeGreaterThan(1);
        // Drawn from the data, not the creative handed back.
        expect(Buffer.compare(facts.data, original.data), label).not.toBe(0);
        const low = await get(d[`${kind}_url_low_quality`]);
        const lowFacts = pngFacts(low);
        expect(lowFacts.width, label).toBe(Math.max(1, Math.floor(size.width / 2)));
        expect(lowFacts.height, label).toBe(Math.max(1, Math.floor(size.height / 2)));
        expect(low.length, label).toBeLessThan(full.length);
      }
      // The KPI report hands out URLs of the same images.
      const kpi = await ok(stimUrl(studyId, r, 'kpi_analysis'));
      expect(kpi.heatmap_source.split('?')[0]).toBe(d.heatmap_url.split('?')[0]);
      expect(pngFacts(await get(kpi.heatmap_source)).data.equals(pngFacts(await get(d.heatmap_url)).data)).toBe(true);
    }
  });

  it('D3-250 D3-265 limit_to_eyetracking on the question report: eye-tracked respondents are a subset', async () => {
    const questions = ((await ok(`/studies/${studyId}/survey/overview`)).data as Json[]).flatMap((g) => g.questions) as Json[];
    expect(questions.length).toBeGreaterThan(0);
    let narrowed = false;
    for (const q of questions) {
      const base = `/studies/${studyId}/survey/${q.question_system}/${q.question_id}`;
      const dflt = (await ok(`${base}/aggregate`)).data.data;
      const limited = (await ok(`${base}/aggregate`, { limit_to_eyetracking: true })).data.data;
      const everyone = (await ok(`${base}/aggregate`, { limit_to_eyetracking: false })).data.data;
      expect(dflt).toEqual(limited);
      expect(limited.total_user_count).toBeLessThanOrEqual(everyone.total_user_count);
      if (limited.total_user_count < everyone.total_user_count) narrowed = true;
      expect(limited.answer_data.map((a: Json) => a.text)).toEqual(everyone.answer_data.map((a: Json) => a.text).filter((t: string) => limited.answer_data.some((a: Json) => a.text === t)));
      for (const a of limited.answer_data) {
        const b = everyone.answer_data.find((x: Json) => x.text === a.text);
        expect(a.count).toBeLessThanOrEqual(b.count);
        expect(a.count).toBeLessThanOrEqual(limited.total_user_count);
      }
      // The participant list holds exactly the respondents counted in the total.
      for (const [limit, agg] of [[true, limited], [false, everyone]] as const) {
        const list = (await ok(`${base}/participant/`, { limit_to_eyetracking: limit })).data.data.participant_answer_data as Json[];
        expect(list.filter((p) => p.answer_data.length > 0).length).toBe(agg.total_user_count);
      }
      // A filter narrows the respondents too.
      const women = (await ok(`${base}/aggregate`, { limit_to_eyetracking: false, filters: { genders_group_ids: [1] } })).data.data;
      expect(women.total_user_count).toBeLessThanOrEqual(everyone.total_user_count);
    }
    expect(narrowed).toBe(true);
    // The exposure download obeys the same switch.
    const r = refs[0];
    const all = exposureRows.get(key(r))!;
    const tracked = (await ok(stimUrl(studyId, r, 'participant_report'), { limit_to_eyetracking: true })).data as PRow[];
    expect(tracked.every((x) => x.has_eyetracking)).toBe(true);
    expect(tracked.length).toBe(all.filter((x) => x.has_eyetracking).length);
    expect(tracked.length).toBeLessThan(all.length);
  });

  it('answers deterministically: the same request twice gives identical JSON', async () => {
    for (const [suffix, extra] of [['overall_attention', { norm_type_id: 3 }], ['graph2_data', { graph_type_id: 3 }], ['feature_attention', { norm_type_id: 2 }]] as const) {
      const a = await ok(`/studies/${studyId}/compare_report/${suffix}`, { data: refs, ...extra });
      const b = await ok(`/studies/${studyId}/compare_report/${suffix}`, { data: refs, ...extra });
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    }
  });

  it('another company\'s user gets 404 on every report endpoint of the study', async () => {
    const r = refs[0];
    const studyName = (await ok(`/studies/${studyId}/stims/overview`)).study_name as string;
    const question = ((await ok(`/studies/${studyId}/survey/overview`)).data as Json[]).flatMap((g) => g.questions)[0];
    const urls: [string, unknown][] = [
      [`/studies/${studyId}/stims/overview`, {}],
      ...['overall_attention', 'graph2_data', 'feature_attention', 'visual_data'].map((s) => [`/studies/${studyId}/compare_report/${s}`, { data: [r] }] as [string, unknown]),
      ...['kpi_analysis', 'graph2_data', 'report', 'feature_analysis', 'feature_report', 'participant_report'].map((s) => [stimUrl(studyId, r, s), {}] as [string, unknown]),
      [`/studies/${studyId}/survey/overview`, {}],
      [`/studies/${studyId}/survey/${question.question_system}/${question.question_id}/aggregate`, {}],
      [`/studies/${studyId}/survey/${question.question_system}/${question.question_id}/participant/`, {}],
      [`/studies/${studyId}/stim/${r.stim_id}/survey/spontaneous_prompted_brand_aggregate/`, {}],
    ];
    for (const [url, payload] of urls) {
      const own = await post(url, payload);
      expect(own.statusCode, url).toBe(200);
      const res = await post(url, payload, nwHeaders);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
      expect(res.body).not.toContain(studyName);
    }
  });
});

describe('demo data: reseeding gives the same numbers', () => {
  let second: Env & { studies: number[] };
  beforeAll(async () => { second = await demoEnv(async () => env.studies); }, 300_000);
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    if (second?.dir) await rm(second.dir, { recursive: true, force: true });
  });

  it('seeding the same studies into a second fresh database answers identical reports', async () => {
    const ask = async (e: Env, url: string, payload: unknown) => {
      const res = await e.app.inject({ method: 'POST', url: `/v1.0${url}`, headers: e.headers, payload: payload as Json });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    for (const [suffix, extra] of [
      ['overall_attention', { norm_type_id: 1 }], ['overall_attention', { norm_type_id: 3 }], ['graph2_data', { graph_type_id: 1 }],
      ['graph2_data', { graph_type_id: 2 }], ['feature_attention', { norm_type_id: 2 }],
    ] as const) {
      const url = `/studies/${studyId}/compare_report/${suffix}`;
      expect(await ask(second, url, { data: refs, ...extra })).toEqual(await ask(env, url, { data: refs, ...extra }));
    }
    const r = refs[0];
    expect(await ask(second, stimUrl(studyId, r, 'participant_report'), {})).toEqual(await ask(env, stimUrl(studyId, r, 'participant_report'), {}));
  });
});
