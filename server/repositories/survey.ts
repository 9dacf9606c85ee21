// SQL behind the question report: a study's questions (screening group + question steps),
// answer counts, participants' answers and the brand-recall aggregate of a stim.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { DemographicFilters } from '../domain/demographics.js';
import { rows, idList, countedSql, filterSql, measuredSql } from './sql.js';

/** Respondents whose answers count: real (not test), complete, optionally eye-tracked, filtered. */
function respondentSql(limitToEyetracking: boolean, filters: DemographicFilters): SQL {
  return sql`${countedSql}${limitToEyetracking ? sql` and p.has_eyetracking` : sql``}${filterSql(filters)}`;
}

export interface StudyQuestion {
  questionId: number;
  name: string;
  shortName: string;
  formattedType: string;
  questionSystem: string;
  screening: boolean;
}

/**
 * Screening questions (the study's pre-assign group) then study questions (the groups of its
 * question steps, in cell and step order), each question once.
 */
export async function studyQuestions(db: Db, studyId: number): Promise<StudyQuestion[]> {
  const r = await rows<StudyQuestion & { ord: number; pos: number }>(db, sql`
    select q.id as "questionId", q.name, q.short_name as "shortName", q.formatted_type as "formattedType",
      g.question_system as "questionSystem", true as screening, 0 as ord, q.position as pos
    from study sd join question_group g on g.id = sd.pre_assign_question_group_id join question q on q.question_group_id = g.id
    where sd.id = ${studyId}
    union all
    select q.id, q.name, q.short_name, q.formatted_type, g.question_system, false, min(c.position * 100000 + st.position + 1), min(q.position)
    from step st join cell c on c.id = st.cell_id join question_group g on g.id = st.question_group_id
      join question q on q.question_group_id = g.id
    where st.study_id = ${studyId} and st.step_type = 'question'
    group by q.id, q.name, q.short_name, q.formatted_type, g.question_system
    order by ord, pos, "questionId"`);
  const seen = new Set<number>();
  const out: StudyQuestion[] = [];
  for (const q of r) {
    const id = Number(q.questionId);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ questionId: id, name: q.name, shortName: q.shortName, formattedType: q.formattedType, questionSystem: q.questionSystem, screening: Boolean(q.screening) });
  }
  return out;
}

export async function answerOptions(db: Db, questionId: number): Promise<string[]> {
  const r = await rows<{ text: string }>(db, sql`select text from answer_option where question_id = ${questionId} order by position, id`);
  return r.map((x) => x.text);
}

/** Distinct respondents per answer text, and how many respondents answered at all. */
export async function answerCounts(db: Db, studyId: number, questionId: number, limitToEyetracking: boolean,
  filters: DemographicFilters): Promise<{ counts: Map<string, number>; total: number }> {
  // One pass: a row per text, plus the grand total (the empty grouping set, marked by grouping()).
  const r = await rows<{ text: string; n: number; total: number }>(db, sql`
    select a.text, count(distinct a.participant_id)::int as n, grouping(a.text)::int as total
    from participant_answer a join participant p on p.id = a.participant_id
    where a.study_id = ${studyId} and a.question_id = ${questionId} and ${respondentSql(limitToEyetracking, filters)}
    group by grouping sets ((a.text), ())`);
  const counts = new Map<string, number>();
  let total = 0;
  for (const x of r) {
    if (Number(x.total) === 1) total = Number(x.n);
    else counts.set(x.text, Number(x.n));
  }
  return { counts, total };
}

export async function participantAnswers(db: Db, studyId: number, questionId: number, limitToEyetracking: boolean,
  filters: DemographicFilters): Promise<{ reference: string; texts: string[] }[]> {
  const r = await rows<{ pid: number; reference: string; text: string }>(db, sql`
    select p.id as pid, p.reference, a.text
    from participant_answer a join participant p on p.id = a.participant_id
      left join answer_option o on o.id = a.answer_option_id
    where a.study_id = ${studyId} and a.question_id = ${questionId} and ${respondentSql(limitToEyetracking, filters)}
    order by p.reference, p.id, coalesce(o.position, 1000000), a.id`);
  const out: { reference: string; texts: string[] }[] = [];
  let last: number | null = null;
  for (const x of r) {
    if (Number(x.pid) !== last) out.push({ reference: x.reference, texts: [] });
    last = Number(x.pid);
    out[out.length - 1].texts.push(x.text);
  }
  return out;
}

export interface RecallRespondent {
  questionId: number;
  recalled: boolean;
  exposed: boolean;
  /** Exposed and in the stim's base E (quality thresholds, dense enough gaze): viewed is only known then. */
  measured: boolean;
  viewed: boolean;
}

/**
 * For each respondent answering one of the brand-recall questions: whether any answer names the
 * brand, whether they were shown the stim in this study, whether that exposure is in the base E, and
 * whether they viewed it (within E).
 */
export async function brandRecall(db: Db, studyId: number, stimId: number, brandName: string, questionIds: number[],
  limitToEyetracking: boolean, filters: DemographicFilters): Promise<RecallRespondent[]> {
  if (!questionIds.length) return [];
  const r = await rows<RecallRespondent>(db, sql`
    select a.question_id as "questionId", p.id,
      bool_or(lower(trim(a.text)) = lower(trim(${brandName}))) as recalled,
      exists(select 1 from exposure e where e.participant_id = p.id and e.stim_id = ${stimId}) as exposed,
      exists(select 1 from exposure e join study sd on sd.id = e.study_id
        where e.participant_id = p.id and e.stim_id = ${stimId} and ${measuredSql}) as measured,
      exists(select 1 from exposure e join study sd on sd.id = e.study_id
        where e.participant_id = p.id and e.stim_id = ${stimId} and ${measuredSql} and e.viewed) as viewed
    from participant_answer a join participant p on p.id = a.participant_id
    where a.study_id = ${studyId} and a.question_id in (${idList(questionIds)}) and ${respondentSql(limitToEyetracking, filters)}
    group by a.question_id, p.id`);
  return r.map((x) => ({
    questionId: Number(x.questionId), recalled: Boolean(x.recalled), exposed: Boolean(x.exposed), measured: Boolean(x.measured), viewed: Boolean(x.viewed),
  }));
}

export async function brandOfStim(db: Db, stimId: number): Promise<{ stimName: string; brandName: string | null } | null> {
  const r = await rows<{ stimName: string; brandName: string | null }>(db, sql`
    select s.name as "stimName", b.name as "brandName" from stim s left join brand b on b.id = s.brand_id where s.id = ${stimId}`);
  return r[0] ?? null;
}
