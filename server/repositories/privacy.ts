// SQL of respondents' privacy (issue 41; services/privacy.ts): one respondent's sessions found by
// panel reference within the acting company (optionally one study), everything stored for them
// read back for the export, their rows deleted (the foreign keys cascade to exposures, gaze, AOI and
// feature rows and answers), and the retention job's reads and deletes.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from './sql.js';

export interface RespondentScope {
  companyId: number;
  /** null: every study of the company. */
  studyId: number | null;
}

export interface MatchRow {
  id: number;
  studyId: number;
  studyName: string;
  panelName: string | null;
  cellId: number | null;
  status: string;
  isTest: boolean;
  createdAt: string | Date;
  exposures: number;
  gazeExposures: number;
  answers: number;
}

const inScope = (scope: RespondentScope): SQL => sql`s.company_id = ${scope.companyId}${scope.studyId === null ? sql`` : sql` and p.study_id = ${scope.studyId}`}`;

/** The respondent's participant rows (sessions), by study then id. The reference is compared exactly. */
export async function findRespondent(db: Db, scope: RespondentScope, reference: string): Promise<MatchRow[]> {
  return rows<MatchRow>(db, sql`
    select p.id, p.study_id as "studyId", s.name as "studyName", pn.name as "panelName", p.cell_id as "cellId",
      p.status, p.is_test as "isTest", p.created_at as "createdAt",
      (select count(*)::int from exposure e where e.participant_id = p.id) as exposures,
      (select count(*)::int from exposure e join exposure_gaze g on g.exposure_id = e.id where e.participant_id = p.id) as "gazeExposures",
      (select count(*)::int from participant_answer a where a.participant_id = p.id) as answers
    from participant p join study s on s.id = p.study_id left join panel pn on pn.id = p.panel_id
    where ${inScope(scope)} and p.reference = ${reference}
    order by p.study_id, p.id`);
}

/** The participant rows as stored (every column, whatever later migrations add: consent included). */
export async function participantRowsOf(db: Db, ids: number[]): Promise<{ id: number; row: Record<string, unknown> }[]> {
  if (!ids.length) return [];
  return rows(db, sql`select p.id, to_jsonb(p) as row from participant p where p.id = any(${`{${ids.join(',')}}`}::int[]) order by p.id`);
}

/** Demographic group names of a participant, by kind (lookup_item names, as the reports show them). */
export async function demographicNames(db: Db, ids: Map<string, number | null>): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const [kind, id] of ids) {
    if (id === null) { out[kind] = null; continue; }
    const [r] = await rows<{ name: string }>(db, sql`select name from lookup_item where kind = ${kind} and id = ${id}`);
    out[kind] = r?.name ?? String(id);
  }
  return out;
}

export interface ExposureExport {
  id: number;
  participantId: number;
  stimName: string;
  row: Record<string, unknown>;
  samples: Uint8Array | null;
  fixations: Uint8Array | null;
}

/** The participants' exposures with their stored gaze (null once removed), in id order. */
export async function exposuresOf(db: Db, participantIds: number[]): Promise<ExposureExport[]> {
  if (!participantIds.length) return [];
  const r = await rows<ExposureExport & { samples: unknown; fixations: unknown }>(db, sql`
    select e.id, e.participant_id as "participantId", st.name as "stimName", to_jsonb(e) as row, g.samples, g.fixations
    from exposure e join stim st on st.id = e.stim_id left join exposure_gaze g on g.exposure_id = e.id
    where e.participant_id = any(${`{${participantIds.join(',')}}`}::int[]) order by e.id`);
  return r.map((x) => ({ ...x, samples: toBytes(x.samples), fixations: toBytes(x.fixations) }));
}

/** bytea as raw SQL answers it: a Uint8Array/Buffer (PGlite, pg) or '\x…' hex text. */
function toBytes(v: unknown): Uint8Array | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string' && v.startsWith('\\x')) return Uint8Array.from(Buffer.from(v.slice(2), 'hex'));
  return null;
}

/** exposure_aoi and exposure_feature rows of the exposures, by exposure id. */
export async function exposureChildren(db: Db, exposureIds: number[]): Promise<{ aois: Map<number, Record<string, unknown>[]>; features: Map<number, Record<string, unknown>[]> }> {
  const aois = new Map<number, Record<string, unknown>[]>();
  const features = new Map<number, Record<string, unknown>[]>();
  if (!exposureIds.length) return { aois, features };
  const list = `{${exposureIds.join(',')}}`;
  for (const r of await rows<{ e: number; row: Record<string, unknown> }>(db, sql`select exposure_id as e, to_jsonb(x) as row from exposure_aoi x where exposure_id = any(${list}::int[]) order by id`)) {
    aois.set(Number(r.e), [...(aois.get(Number(r.e)) ?? []), r.row]);
  }
  for (const r of await rows<{ e: number; row: Record<string, unknown> }>(db, sql`select exposure_id as e, to_jsonb(x) as row from exposure_feature x where exposure_id = any(${list}::int[]) order by id`)) {
    features.set(Number(r.e), [...(features.get(Number(r.e)) ?? []), r.row]);
  }
  return { aois, features };
}

export interface AnswerExport { participantId: number; question: string; answer: string; answerOptionId: number | null }

export async function answersOf(db: Db, participantIds: number[]): Promise<AnswerExport[]> {
  if (!participantIds.length) return [];
  return rows<AnswerExport>(db, sql`
    select a.participant_id as "participantId", q.text as question, a.text as answer, a.answer_option_id as "answerOptionId"
    from participant_answer a join question q on q.id = a.question_id
    where a.participant_id = any(${`{${participantIds.join(',')}}`}::int[]) order by a.participant_id, q.position, a.id`);
}

/** Deletes the participants (their exposures, gaze, AOI and feature rows and answers cascade); answers how many went. */
export async function deleteParticipants(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await rows<{ id: number }>(db, sql`delete from participant where id = any(${`{${ids.join(',')}}`}::int[]) returning id`);
  return r.length;
}

// ---- retention ----------------------------------------------------------------------------------

export interface RetentionRow { rawGazeDays: number | null; studyDays: number | null }

export async function companyRetention(db: Db, companyId: number): Promise<RetentionRow> {
  const [r] = await rows<RetentionRow>(db, sql`select raw_gaze_retention_days as "rawGazeDays", study_retention_days as "studyDays" from company where id = ${companyId}`);
  return r ?? { rawGazeDays: null, studyDays: null };
}

export async function setCompanyRetention(db: Db, companyId: number, r: RetentionRow): Promise<void> {
  await db.execute(sql`update company set raw_gaze_retention_days = ${r.rawGazeDays}, study_retention_days = ${r.studyDays} where id = ${companyId}`);
}

/** Companies with a retention period set. */
export async function companiesWithRetention(db: Db): Promise<({ id: number } & RetentionRow)[]> {
  return rows(db, sql`select id, raw_gaze_retention_days as "rawGazeDays", study_retention_days as "studyDays" from company
    where raw_gaze_retention_days is not null or study_retention_days is not null order by id`);
}

/**
 * Removes the raw gaze (samples and the fixations detected from them) of the company's sessions
 * stored before `before`, and stamps each study that lost some with `now`. The exposures' summaries
 * and the report aggregates stay: they never read raw gaze. Answers studies and rows removed.
 */
export async function removeRawGaze(db: Db, companyId: number, before: Date, now: Date): Promise<{ studies: number[]; removed: number }> {
  const gone = await rows<{ studyId: number }>(db, sql`
    delete from exposure_gaze g using exposure e, participant p, study s
    where e.id = g.exposure_id and p.id = e.participant_id and s.id = g.study_id
      and s.company_id = ${companyId} and p.created_at < ${before.toISOString()}::timestamptz
    returning g.study_id as "studyId"`);
  const studies = [...new Set(gone.map((g) => Number(g.studyId)))].sort((a, b) => a - b);
  if (studies.length) {
    await db.execute(sql`update study set raw_gaze_removed_at = ${now.toISOString()}::timestamptz
      where id = any(${`{${studies.join(',')}}`}::int[])`);
  }
  return { studies, removed: gone.length };
}

/** The company's studies completed before `before` that still have respondents. */
export async function expiredStudies(db: Db, companyId: number, before: Date): Promise<number[]> {
  const r = await rows<{ id: number }>(db, sql`select s.id from study s
    where s.company_id = ${companyId} and s.completed and s.data_collection_end < ${before.toISOString()}::timestamptz
      and exists (select 1 from participant p where p.study_id = s.id) order by s.id`);
  return r.map((x) => Number(x.id));
}

export async function studyParticipantIds(db: Db, studyId: number): Promise<number[]> {
  return (await rows<{ id: number }>(db, sql`select id from participant where study_id = ${studyId} order by id`)).map((r) => Number(r.id));
}

export async function markRespondentDataRemoved(db: Db, studyId: number, now: Date): Promise<void> {
  await db.execute(sql`update study set respondent_data_removed_at = ${now.toISOString()}::timestamptz,
    raw_gaze_removed_at = coalesce(raw_gaze_removed_at, ${now.toISOString()}::timestamptz) where id = ${studyId}`);
}

/** What retention left behind on a study: when raw gaze / all respondent data went (ISO; null: not). */
export async function studyRemovals(db: Db, studyId: number): Promise<{ rawGazeRemovedAt: string | null; respondentDataRemovedAt: string | null }> {
  const [r] = await rows<{ g: string | Date | null; d: string | Date | null }>(db, sql`select raw_gaze_removed_at as g, respondent_data_removed_at as d from study where id = ${studyId}`);
  const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);
  return { rawGazeRemovedAt: iso(r?.g), respondentDataRemovedAt: iso(r?.d) };
}
