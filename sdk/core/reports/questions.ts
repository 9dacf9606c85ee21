// The question report (spec document 3 §2.21, §3 "Question data", §4, §7): the grouped question
// menu, the first-question rule, the answer bars and the participant CSV. Pure where it can be,
// so the rules are unit-tested without a browser.
import {
  fetchAnswerAggregate, fetchParticipantAnswers, fetchSurveyOverview, type AnswerAggregateResponse, type ParticipantAnswersResponse,
  type QuestionRef, type QuestionSystem, type SurveyOverviewResponse,
} from '../api/survey';
import type { ApiConfig } from '../api/client';
import { toCsv } from '../download/csv';
import { downloadCsv } from '../download/download';
import { createResource } from '../resource/resource';

export const QUESTION_TITLE = 'Question responses';
export const QUESTION_SUBTITLE = 'Choose a question to view your results';
export const SELECT_QUESTION = 'Select question';
export const LIMIT_LABEL = 'Limit to eyetracking';
export const Y_AXIS_TITLE = 'Percentage of respondents %';
export const DOWNLOAD_LABEL = 'Download participant results';
export const OVERVIEW_ERROR = 'Error loading your data';
export const NO_DATA = 'No data available';
/** The results panel's width (D3-263). */
export const RESULTS_WIDTH = 720;

export type SurveyGroups = SurveyOverviewResponse['data'];
export type Question = SurveyGroups[number]['questions'][number];
export type AnswerAggregate = AnswerAggregateResponse['data']['data'];
export type ParticipantAnswers = ParticipantAnswersResponse['data']['data'];

export interface MenuItem {
  /** `system:id` (the two systems number their questions independently). */
  value: string;
  label: string;
  question: Question;
}
export interface MenuGroup {
  label: SurveyGroups[number]['survey_title'];
  items: MenuItem[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Names may still carry the survey tool's HTML (the server strips it too): the menu shows text. */
export function plainText(s: string): string {
  return s.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e]).replace(/\s+/g, ' ').trim();
}

/** 'single_choice' → 'Single choice'. */
export function formatType(t: string): string {
  const s = t.replace(/[_-]+/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : '';
}

export const questionValue = (q: Pick<Question, 'question_system' | 'question_id'>) => `${q.question_system}:${q.question_id}`;

const item = (q: Question): MenuItem => {
  const type = formatType(q.formatted_type);
  return { value: questionValue(q), label: `${type ? `${type}: ` : ''}${plainText(q.name)}`, question: q };
};

/** The server's groups in its order (screening questions, then study questions); empty groups left out (D3-248, D3-249). */
export function questionMenu(groups: SurveyGroups | undefined): MenuGroup[] {
  if (!groups) return [];
  return groups
    .map((g) => ({ label: g.survey_title, items: g.questions.map(item) }))
    .filter((g) => g.items.length > 0);
}

/** The first screening question, else the first study question, else null (D3-258: results then show the error state). */
export function firstQuestion(groups: SurveyGroups | undefined): Question | null {
  return questionMenu(groups)[0]?.items[0]?.question ?? null;
}

export function findQuestion(groups: SurveyGroups | undefined, value: string): Question | null {
  for (const g of questionMenu(groups)) for (const i of g.items) if (i.value === value) return i.question;
  return null;
}

export interface AnswerBar {
  text: string;
  count: number;
  /** Of the respondents who answered the question (total_user_count). */
  percent: number;
}

/** Answers with at least one respondent, most chosen first (ties keep the server's order) (D3-251). */
export function answerBars(a: AnswerAggregate | undefined): AnswerBar[] {
  if (!a || a.total_user_count <= 0) return [];
  return a.answer_data
    .filter((x) => x.count > 0)
    .map((x) => ({ text: plainText(x.text), count: x.count, percent: (x.count / a.total_user_count) * 100 }))
    .sort((x, y) => y.count - x.count);
}

/** The tooltip's lines: the percent to 1 decimal, the count and the total respondents (D3-253, D3-254). */
export function answerTooltip(bar: AnswerBar, total: number): string[] {
  return [bar.text, `${bar.percent.toFixed(1)}%`, `Count: ${bar.count.toLocaleString('en-GB')}`, `Total respondents: ${total.toLocaleString('en-GB')}`];
}

/**
 * The participant CSV (D3-262): participant_reference, question, question_short_name, question_id,
 * answer_options (the options slash-joined, only when the question has any), question_answer_1..N
 * (N: the most answers any participant gave). Null when no participant answered.
 */
export function questionCsv(p: ParticipantAnswers): string | null {
  if (!p.participant_answer_data.length) return null;
  const withOptions = p.answers.length > 0;
  const n = Math.max(1, ...p.participant_answer_data.map((r) => r.answer_data.length));
  const header = ['participant_reference', 'question', 'question_short_name', 'question_id', ...(withOptions ? ['answer_options'] : []),
    ...Array.from({ length: n }, (_v, i) => `question_answer_${i + 1}`)];
  const rows = p.participant_answer_data.map((r) => [
    r.participant_reference, plainText(p.name), p.short_name, p.question_id, ...(withOptions ? [p.answers.join('/')] : []),
    ...Array.from({ length: n }, (_v, i) => r.answer_data[i]?.text ?? ''),
  ]);
  return toCsv([header, ...rows]);
}

/** participant-results-<short name or id>.csv (the spec names no file; this one says which question). */
export function questionCsvName(p: Pick<ParticipantAnswers, 'short_name' | 'question_id'>): string {
  const slug = p.short_name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `participant-results-${slug || p.question_id}.csv`;
}

export interface QuestionParams {
  studyId: number;
  system: QuestionSystem;
  questionId: number;
  limit: boolean;
}

export const surveyOverview = createResource<number, SurveyOverviewResponse>({
  name: 'reports/survey-overview',
  fetch: fetchSurveyOverview,
});

export const answerAggregate = createResource<QuestionParams, AnswerAggregateResponse>({
  name: 'reports/answer-aggregate',
  fetch: (api, p) => fetchAnswerAggregate(api, ref(p), { limit_to_eyetracking: p.limit }),
});

const ref = (p: QuestionParams): QuestionRef => ({ studyId: p.studyId, system: p.system, questionId: p.questionId });

/**
 * Fetches and saves the participant CSV, listed in My Downloads under the study; true when saved,
 * false when empty ('No Data to download'); throws on failure.
 */
export async function downloadQuestionCsv(api: ApiConfig, p: QuestionParams): Promise<boolean> {
  const data = (await fetchParticipantAnswers(api, ref(p), { limit_to_eyetracking: p.limit })).data.data;
  return downloadCsv(questionCsv(data), questionCsvName(data), { api, studyId: p.studyId });
}
