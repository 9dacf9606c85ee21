// Question report (server/routes/survey; spec document 3 §3 "Question data", §7): the study's
// questions, answer counts, participants' answers and the brand-recall aggregate of a stim.
import { Type, type Static, type TSchema } from 'typebox';
import { defineOperation, Id, IdParam, Int4, Nullable, Ok, ReportOptions, STUDY_ROLES, StudyParams } from './common.js';

export const QuestionParams = Type.Object({
  id: IdParam({ description: 'Study id' }),
  questionSystem: Type.Union([Type.Literal('ex'), Type.Literal('lu')]),
  questionId: IdParam(),
});
export type QuestionParams = Static<typeof QuestionParams>;
export const StimSurveyParams = Type.Object({ id: IdParam({ description: 'Study id' }), stimId: IdParam() });

/** Report options; limit_to_eyetracking defaults to true here. */
export const SurveyBody = ReportOptions;
export type SurveyBody = Static<typeof SurveyBody>;

const wrapped = <T extends TSchema>(data: T) => Ok({ data: Type.Object({ data }) });

export const SurveyQuestion = Type.Object({
  name: Type.String({ description: 'Plain text (HTML stripped)' }),
  question_id: Id(),
  question_system: Type.Union([Type.Literal('ex'), Type.Literal('lu')]),
  formatted_type: Type.String(),
});
/**
 * The question groups (D3-264: the spec's `data.data` read as axios does, `response.data.data`, as
 * its graph and demographic data are): screening questions, then study questions. This is also
 * what the legacy client maps (`data[]` {survey_title, survey_question}): survey_question holds
 * the names it renders as text, questions the objects the SDK reads (docs/decisions.md, issue 39).
 */
export const SURVEY_GROUP_TITLES = ['Screening questions', 'Study questions'] as const;
export const SurveyGroup = Type.Object({
  survey_title: Type.Union([Type.Literal(SURVEY_GROUP_TITLES[0]), Type.Literal(SURVEY_GROUP_TITLES[1])]),
  survey_question: Type.Array(Type.String(), { description: "The questions' names (plain text), as the legacy survey page renders them: the same order as questions" }),
  questions: Type.Array(SurveyQuestion, { description: 'The questions with their ids: question system ex first, then lu' }),
});
export const SurveyOverviewResponse = Ok({ data: Type.Array(SurveyGroup) });
export type SurveyOverviewResponse = Static<typeof SurveyOverviewResponse>;

export const AnswerAggregateResponse = wrapped(Type.Object({
  answer_data: Type.Array(Type.Object({ text: Type.String(), count: Int4() })),
  total_user_count: Int4(),
  question_id: Id(),
}));
export type AnswerAggregateResponse = Static<typeof AnswerAggregateResponse>;

export const ParticipantAnswersResponse = wrapped(Type.Object({
  answers: Type.Array(Type.String()),
  participant_answer_data: Type.Array(Type.Object({
    participant_reference: Type.String(),
    answer_data: Type.Array(Type.Object({ text: Type.String() })),
  })),
  name: Type.String(),
  short_name: Type.String(),
  question_id: Id(),
}));
export type ParticipantAnswersResponse = Static<typeof ParticipantAnswersResponse>;

const Share = Type.Object({ respondents: Int4(), recalled: Int4(), percent: Type.Number() });
const RecallGroup = Type.Object({
  questions: Type.Array(Type.Object({ question_id: Id(), name: Type.String(), short_name: Type.String() })),
  total: Share,
  viewed: Share,
  not_viewed: Share,
  /** Exposed, but outside the stim's base E (quality thresholds, insufficient gaze, no eye tracking). */
  not_measured: Share,
  not_exposed: Share,
});
export const BrandRecallResponse = wrapped(Type.Object({
  stim_id: Id(),
  stim_name: Type.String(),
  brand_name: Nullable(Type.String()),
  spontaneous: RecallGroup,
  prompted: RecallGroup,
}));
export type BrandRecallResponse = Static<typeof BrandRecallResponse>;

// The question report's reads (embed tokens of that report type: contract/common.ts EmbedUse).
const survey = {
  tags: ['survey', 'reports'], access: 'read', roles: STUDY_ROLES, method: 'POST', body: SurveyBody, optionalBody: true, errors: [404],
  embed: { reportTypes: ['questionAnswers'] },
} as const;

export const overview = defineOperation({
  ...survey, operationId: 'getSurveyOverview', path: '/v1.0/studies/:id/survey/overview',
  summary: "A study's questions: screening (preassign) and study questions of each question system",
  params: StudyParams,
  response: { 200: SurveyOverviewResponse },
});

export const aggregate = defineOperation({
  ...survey, operationId: 'getAnswerAggregate', path: '/v1.0/studies/:id/survey/:questionSystem/:questionId/aggregate',
  summary: 'Answer counts of a question: every option (zero counts included), then free-text answers',
  params: QuestionParams,
  response: { 200: AnswerAggregateResponse },
});

export const participant = defineOperation({
  ...survey, operationId: 'getParticipantAnswers', path: '/v1.0/studies/:id/survey/:questionSystem/:questionId/participant',
  summary: "Each participant's answers to a question",
  params: QuestionParams,
  response: { 200: ParticipantAnswersResponse },
});

export const brandRecall = defineOperation({
  ...survey, operationId: 'getBrandRecall', path: '/v1.0/studies/:id/stim/:stimId/survey/spontaneous_prompted_brand_aggregate',
  summary: "Spontaneous and prompted recall of a stim's brand, by exposure",
  params: StimSurveyParams,
  response: { 200: BrandRecallResponse },
});

export const operations = { overview, aggregate, participant, brandRecall };
