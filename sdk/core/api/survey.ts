// Question report (spec document 3 §7; contract/survey.ts). Every function takes the calling
// element's config first; bodies and answers are the contract's types.
import type {
  AnswerAggregateResponse, ParticipantAnswersResponse, SurveyBody, SurveyOverviewResponse,
} from '../../../contract/survey';
import { request, type ApiConfig } from './client';

export type { AnswerAggregateResponse, ParticipantAnswersResponse, SurveyBody, SurveyOverviewResponse } from '../../../contract/survey';

export type QuestionSystem = 'ex' | 'lu';
export interface QuestionRef {
  studyId: number;
  system: QuestionSystem;
  questionId: number;
}

const question = (q: QuestionRef, part: string) => `/studies/${q.studyId}/survey/${q.system}/${q.questionId}/${part}`;

/** The question groups (one shape for the spec and the legacy client). */
export const fetchSurveyOverview = (api: ApiConfig, studyId: number) =>
  request<SurveyOverviewResponse>(api, { method: 'POST', url: `/studies/${studyId}/survey/overview`, data: {} });

export const fetchAnswerAggregate = (api: ApiConfig, q: QuestionRef, body: SurveyBody) =>
  request<AnswerAggregateResponse>(api, { method: 'POST', url: question(q, 'aggregate'), data: body });

export const fetchParticipantAnswers = (api: ApiConfig, q: QuestionRef, body: SurveyBody) =>
  request<ParticipantAnswersResponse>(api, { method: 'POST', url: question(q, 'participant'), data: body });
