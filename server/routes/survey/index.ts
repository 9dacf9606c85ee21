// Question report (spec doc 3 §3 "Question data", §7): the study's questions, answer counts,
// participants' answers and the brand-recall aggregate of a stim. Scoped to the caller's company.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../errors.js';
import { companyStudy, route, toId } from '../common.js';
import { readFilters } from '../../domain/demographics.js';
import * as contract from '../../../contract/survey.js';
import { round6 } from '../../analytics/metrics.js';
import { studyStims } from '../../repositories/reports.js';
import * as survey from '../../repositories/survey.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Question names may carry the survey tool's HTML; the report shows plain text. */
export function stripHtml(s: string): string {
  return s.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e]).replace(/\s+/g, ' ').trim();
}

export default async function surveyRoutes(app: FastifyInstance) {
  const db = app.db;

  const study = (request: FastifyRequest, studyId: number) => companyStudy(app, request, studyId);

  async function studyQuestion(request: FastifyRequest, params: contract.QuestionParams) {
    const s = await study(request, toId(params.id));
    const questionId = toId(params.questionId);
    const q = (await survey.studyQuestions(db, s.id))
      .find((x) => x.questionId === questionId && x.questionSystem === params.questionSystem);
    if (!q) throw notFound('Question not found in this study');
    return { s, q };
  }

  route(app, contract.overview, async (request) => {
    const s = await study(request, toId(request.params.id));
    const questions = (await survey.studyQuestions(db, s.id)).map((q) => ({
      screening: q.screening,
      question: { name: stripHtml(q.name), question_id: q.questionId, question_system: q.questionSystem === 'ex' ? 'ex' as const : 'lu' as const, formatted_type: q.formattedType },
    }));
    // Each group lists system ex before lu, each system in the repository's order.
    const group = (screening: boolean) => (['ex', 'lu'] as const).flatMap((system) =>
      questions.filter((q) => q.screening === screening && q.question.question_system === system).map((q) => q.question));
    return {
      success: true as const,
      data: [true, false].map((screening, i) => {
        const list = group(screening);
        return { survey_title: contract.SURVEY_GROUP_TITLES[i], survey_question: list.map((q) => q.name), questions: list };
      }),
    };
  });

  route(app, contract.aggregate, async (request) => {
    const { s, q } = await studyQuestion(request, request.params);
    const limit = request.body.limit_to_eyetracking ?? true;
    const [options, { counts, total }] = await Promise.all([
      survey.answerOptions(db, q.questionId),
      survey.answerCounts(db, s.id, q.questionId, limit, readFilters(request.body)),
    ]);
    // Every option (zero counts included: the chart drops them), then free-text answers.
    const answer_data = options.map((text) => ({ text, count: counts.get(text) ?? 0 }));
    const extra = [...counts.entries()].filter(([text]) => !options.includes(text)).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    for (const [text, count] of extra) answer_data.push({ text, count });
    return { success: true as const, data: { data: { answer_data, total_user_count: total, question_id: q.questionId } } };
  });

  route(app, contract.participant, async (request) => {
    const { s, q } = await studyQuestion(request, request.params);
    const limit = request.body.limit_to_eyetracking ?? true;
    const [answers, rows] = await Promise.all([
      survey.answerOptions(db, q.questionId),
      survey.participantAnswers(db, s.id, q.questionId, limit, readFilters(request.body)),
    ]);
    return {
      success: true as const,
      data: {
        data: {
          answers,
          participant_answer_data: rows.map((r) => ({ participant_reference: r.reference, answer_data: r.texts.map((text) => ({ text })) })),
          name: stripHtml(q.name),
          short_name: q.shortName,
          question_id: q.questionId,
        },
      },
    };
  });

  route(app, contract.brandRecall, async (request) => {
    const s = await study(request, toId(request.params.id));
    const stimId = toId(request.params.stimId);
    if (!(await studyStims(db, s.id)).some((p) => p.stimId === stimId)) throw notFound('Stim not found in this study');
    const info = (await survey.brandOfStim(db, stimId))!;
    const limit = request.body.limit_to_eyetracking ?? true;
    const recall = (await survey.studyQuestions(db, s.id)).filter((q) => q.formattedType === 'brand_recall' && !q.screening);
    const withOptions = await Promise.all(recall.map(async (q) => ({ q, options: await survey.answerOptions(db, q.questionId) })));
    const respondents = info.brandName
      ? await survey.brandRecall(db, s.id, stimId, info.brandName, recall.map((q) => q.questionId), limit, readFilters(request.body))
      : [];
    const share = (list: survey.RecallRespondent[]) => {
      const recalled = list.filter((r) => r.recalled).length;
      return { respondents: list.length, recalled, percent: list.length ? round6((recalled / list.length) * 100) : 0 };
    };
    // Spontaneous recall: free-text questions (no options offered); prompted: a list of brands.
    const group = (spontaneous: boolean) => {
      const qs = withOptions.filter((x) => (x.options.length === 0) === spontaneous).map((x) => x.q);
      const ids = new Set(qs.map((q) => q.questionId));
      const list = respondents.filter((r) => ids.has(r.questionId));
      return {
        questions: qs.map((q) => ({ question_id: q.questionId, name: stripHtml(q.name), short_name: q.shortName })),
        total: share(list),
        // viewed / not viewed split the measured base E; an exposure outside it (quality failure,
        // insufficient gaze, no eye tracking) is "not measured", never "not viewed".
        viewed: share(list.filter((r) => r.measured && r.viewed)),
        not_viewed: share(list.filter((r) => r.measured && !r.viewed)),
        not_measured: share(list.filter((r) => r.exposed && !r.measured)),
        not_exposed: share(list.filter((r) => !r.exposed)),
      };
    };
    return {
      success: true as const,
      data: { data: { stim_id: stimId, stim_name: info.stimName, brand_name: info.brandName, spontaneous: group(true), prompted: group(false) } },
    };
  });
}
