// Attention reports (spec doc 3 §7): the stim tree, compare report sections and the per-stim KPI
// and feature reports with their downloads. All POST, all scoped to the caller's company: another
// company's study, or a cell/step/stim not in the study, answers 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/reports.js';
import { badRequest, notFound } from '../../errors.js';
import { stimKind, type StimRef } from '../../analytics/base.js';
import { readFilters, type DemographicFilters } from '../../domain/demographics.js';
import { METRIC_LABELS, METRIC_NAMES } from '../../analytics/metrics.js';
import { MIN_VIEW_ORDER_BASE } from '../../analytics/features.js';
import { DEFAULT_NORM_TYPE, NORM_TYPES, type NormTypeId } from '../../analytics/norms.js';
import { DATA_TYPES, ESTIMATOR_LABELS, legacyCurve, longestVideoMs, readGraphRequest } from '../../analytics/survival.js';
import * as repo from '../../repositories/reports.js';
import { studyQuestions } from '../../repositories/survey.js';
import { companyStudy, route, toId } from '../common.js';
import { rawGazeNoticeOf } from '../privacy/notice.js';
import { labelledStudyStims, resolveStims, visualData, sourceUrl, lowSourceUrl, visualUrl } from './build.js';
import { gazePointsAnswer } from './gaze.js';
import {
  labelOf, normSetSizes, stimMetrics, stimMetricsWithStats, stimNorms, stimNormsWithStats, stimFeatures, survivalCurves, stimSize, viewedOver1Percent,
} from '../../services/report-build.js';

type Options = contract.StimGraphBody;

const NORM_TYPE_NAMES = { ...NORM_TYPES };

export default async function reports(app: FastifyInstance) {
  const db = app.db;

  const study = (request: FastifyRequest, studyId: number) => companyStudy(app, request, studyId);

  /** Study + requested stims (404 for anything outside the company or the study). */
  async function compareScope(request: FastifyRequest, params: { id: string }, body: contract.CompareBody) {
    const s = await study(request, toId(params.id));
    const refs: StimRef[] = (body.data ?? []).map((d) => ({ cellId: d.cell_id, stepId: d.step_id, stimId: d.stim_id }));
    if (!refs.length) throw badRequest('Please select at least one stim', { data: 'Please select at least one stim' });
    const stims = await resolveStims(db, s.id, refs);
    return { s, stims, filters: readFilters(body), normType: (body.norm_type_id ?? DEFAULT_NORM_TYPE) as NormTypeId };
  }

  async function stimScope(request: FastifyRequest, p: contract.StimParams, body: Options) {
    const s = await study(request, toId(p.id));
    const [stim] = await resolveStims(db, s.id, [{ cellId: toId(p.cell), stepId: toId(p.step), stimId: toId(p.stim) }]);
    return { s, stim, body, filters: readFilters(body), normType: (body.norm_type_id ?? DEFAULT_NORM_TYPE) as NormTypeId };
  }

  /**
   * The legacy graph_data paths (issue 39): the legacy client draws x = percent still viewing and
   * y = dwell ms, the transpose of graph2_data's points, which stay beside them as survival_data.
   */
  function legacyGraphs(g: Awaited<ReturnType<typeof graphs>>) {
    return { ...g, data: g.data.map((d) => ({ ...d, graph_data: legacyCurve(d.graph_data), survival_data: d.graph_data })) };
  }

  /** Survival curves of the stims with the graph settings that were applied (both graph2_data routes). */
  async function graphs(studyId: number, stims: repo.PlacedStim[], filters: DemographicFilters, body: Options) {
    const g = readGraphRequest(body, { videoMs: longestVideoMs(stims) });
    return {
      success: true as const,
      current_graph_type_id: g.graphTypeId,
      time_segment: g.timeSegment,
      max_time: g.maxTime,
      data_types: DATA_TYPES,
      estimator: g.estimator,
      estimator_label: ESTIMATOR_LABELS[g.estimator],
      data: await survivalCurves(db, studyId, stims, filters, g),
    };
  }

  // ---- stim tree --------------------------------------------------------------------------------

  route(app, contract.stimTree, async (request) => {
    const s = await study(request, toId(request.params.id));
    const [placed, questions, extras] = await Promise.all([repo.studyStims(db, s.id), studyQuestions(db, s.id), repo.studyTreeExtras(db, s.id)]);
    const cells: contract.StimTreeResponse['data'] = [];
    for (const p of placed) {
      let cell = cells.find((c) => c.cell_id === p.cellId);
      if (!cell) cells.push((cell = { cell_id: p.cellId, cell_name: p.cellName, step_list: [] }));
      let step = cell.step_list.find((x) => x.step_id === p.stepId);
      if (!step) cell.step_list.push((step = { step_id: p.stepId, cachepage_url: extras.cachePageUrls.get(p.stepId) ?? null, stimulus_list: [] }));
      step.stimulus_list.push({
        stimulus_id: p.stimId,
        stimulus_name: p.name,
        stimulus_type: p.stimType,
        stimulus_source: sourceUrl(app, p),
        stimulus_source_alternate: lowSourceUrl(app, p),
      });
    }
    return {
      study_id: s.id, study_name: s.name, brief: extras.brief, methodology: extras.methodology,
      has_survey: questions.length > 0, has_demographics: extras.hasDemographics, data: cells,
    };
  });

  // ---- compare report ---------------------------------------------------------------------------

  route(app, contract.overallAttention, async (request) => {
    const { s, stims, filters, normType } = await compareScope(request, request.params, request.body);
    const [measured, norms] = await Promise.all([
      stimMetricsWithStats(db, s.id, stims, filters),
      stimNormsWithStats(db, [...new Set(stims.map((x) => x.stimId))], normType),
    ]);
    return {
      success: true as const,
      current_norm_type: normType,
      norm_types: NORM_TYPE_NAMES,
      data: stims.map((x, i) => ({
        stim_name: x.name, stim_label: x.label, stim_id: x.stimId, cell_id: x.cellId, step_id: x.stepId,
        stim_data: measured[i].metrics, stim_stats: measured[i].stats, ...norms.get(x.stimId)!,
      })),
    };
  });

  // The norm selectors' labels: every norm type's set sizes in one answer (issue 40 item 2).
  route(app, contract.normSizes, async (request) => {
    const { stims } = await compareScope(request, request.params, request.body);
    const sizes = await normSetSizes(db, stims.map((x) => x.stimId));
    return {
      success: true as const,
      norm_types: NORM_TYPE_NAMES,
      data: stims.map((x) => ({
        stim_name: x.name, stim_label: x.label, stim_id: x.stimId, cell_id: x.cellId, step_id: x.stepId,
        norm_size: sizes.get(x.stimId)!.overall, feature_norm_size: sizes.get(x.stimId)!.features,
      })),
    };
  });

  route(app, contract.compareGraph, async (request) => {
    const { s, stims, filters } = await compareScope(request, request.params, request.body);
    return graphs(s.id, stims, filters, request.body);
  });

  route(app, contract.compareGraphLegacy, async (request) => {
    const { s, stims, filters } = await compareScope(request, request.params, request.body);
    return legacyGraphs(await graphs(s.id, stims, filters, request.body));
  });

  route(app, contract.featureAttention, async (request) => {
    const { s, stims, filters, normType } = await compareScope(request, request.params, request.body);
    const rows = await stimFeatures(db, s.id, stims, filters, normType);
    const tagList: string[] = [];
    for (const r of rows) for (const t of r.tags) if (!tagList.includes(t)) tagList.push(t);
    // The legacy client reads feature_data[tag][metric] and norm_data[tag][metric] for every tag of
    // the list and every stim (a white page otherwise), its default metric under the name
    // avg_stim_dwell_time: a tag the stim has no AOI of answers nulls (not measured; norm_size 0),
    // and every entry carries avg_stim_dwell_time = avg_feature_dwell_time (issue 39).
    const absent = { avg_feature_dwell_time: null, panelist_viewed_percent: null, view_order: null };
    return {
      success: true as const,
      current_norm_type: normType,
      norm_types: NORM_TYPE_NAMES,
      feature_tag_list: tagList,
      data: rows.map((r) => ({
        stim_name: r.stim.name, stim_label: labelOf(r.stim), stim_id: r.stim.stimId, cell_id: r.stim.cellId, step_id: r.stim.stepId,
        feature_data: Object.fromEntries(tagList.map((t) => {
          const f = r.feature_data[t] ?? absent;
          return [t, { ...f, avg_stim_dwell_time: f.avg_feature_dwell_time }];
        })),
        norm_data: Object.fromEntries(tagList.map((t) => {
          const n = r.norm_data[t] ?? { ...absent, norm_size: 0 };
          return [t, { ...n, avg_stim_dwell_time: n.avg_feature_dwell_time }];
        })),
        feature_stats: r.feature_stats,
      })),
    };
  });

  route(app, contract.visualData, async (request) => {
    const { s, stims } = await compareScope(request, request.params, request.body);
    const data = await Promise.all(stims.map(async (x) => visualData(app, s.id, x, await stimSize(db, x))));
    return { success: true as const, data, raw_gaze_notice: await rawGazeNoticeOf(db, s.id) };
  });

  // ---- per-stim reports -----------------------------------------------------------------------

  route(app, contract.kpiAnalysis, async (request) => {
    const { s, stim, filters, normType } = await stimScope(request, request.params, request.body);
    const [[{ metrics, stats }], norms, size, over1] = await Promise.all([
      stimMetricsWithStats(db, s.id, [stim], filters), stimNormsWithStats(db, [stim.stimId], normType), stimSize(db, stim),
      viewedOver1Percent(db, s.id, stim, filters),
    ]);
    return {
      success: true as const,
      stim_id: stim.stimId,
      stim_name: stim.name,
      stim_label: stim.label,
      stim_type: stimKind(stim.stimType),
      stim_type_code: stim.stimType,
      stim_source: sourceUrl(app, stim),
      heatmap_source: visualUrl(app, s.id, stim, 'heatmap'),
      raw_gaze_notice: await rawGazeNoticeOf(db, s.id),
      analysis_source: visualUrl(app, s.id, stim, 'analysis'),
      feature_analysis_source: visualUrl(app, s.id, stim, 'featureanalysis'),
      view_order_source: visualUrl(app, s.id, stim, 'vieworder'),
      stim_width: size.width,
      stim_height: size.height,
      stim_data: { ...metrics, panelist_viewed_over1_percent: over1 },
      ...norms.get(stim.stimId)!,
      stim_stats: stats,
      current_norm_type: normType,
      norm_types: NORM_TYPE_NAMES,
    };
  });

  route(app, contract.stimGraph, async (request) => {
    const { s, stim, body, filters } = await stimScope(request, request.params, request.body);
    return graphs(s.id, [stim], filters, body);
  });

  route(app, contract.stimGraphLegacy, async (request) => {
    const { s, stim, body, filters } = await stimScope(request, request.params, request.body);
    return legacyGraphs(await graphs(s.id, [stim], filters, body));
  });

  // Stim data download: one CSV-ready row per metric.
  async function metricRows(studyId: number, stims: repo.PlacedStim[], filters: DemographicFilters, normType: NormTypeId) {
    const [metrics, norms] = await Promise.all([stimMetrics(db, studyId, stims, filters), stimNorms(db, [...new Set(stims.map((x) => x.stimId))], normType)]);
    return stims.flatMap((stim, i) => {
      const norm = norms.get(stim.stimId)!;
      return METRIC_NAMES.map((m) => ({
        cell_id: stim.cellId, step_id: stim.stepId, stim_id: stim.stimId, stim_name: stim.name, stim_label: labelOf(stim), metric: m, label: METRIC_LABELS[m],
        actual: metrics[i][m], norm: norm[m], norm_type: NORM_TYPES[normType], base_size: metrics[i].base_size, norm_size: norm.norm_size,
      }));
    });
  }

  // One at a time: each is one query, and PGlite runs them one by one anyway.
  async function featureRows(studyId: number, stims: repo.PlacedStim[], filters: DemographicFilters) {
    const out = [];
    for (const stim of stims) {
      const participant_data = await repo.featureParticipantRows(db, studyId, stim.stepId, stim.stimId, filters, { aoiMetrics: true });
      out.push({ cell_id: stim.cellId, step_id: stim.stepId, stim_id: stim.stimId, stim_name: stim.name, participant_data });
    }
    return out;
  }

  async function participantRows(studyId: number, stims: repo.PlacedStim[], filters: DemographicFilters, eyetrackingOnly: boolean) {
    const out = [];
    for (const stim of stims) {
      const rows = await repo.participantRows(db, studyId, stim.stepId, stim.stimId, filters, eyetrackingOnly);
      for (const r of rows) out.push({ cell_id: stim.cellId, step_id: stim.stepId, stim_id: stim.stimId, stim_name: stim.name, ...r });
    }
    return out;
  }

  route(app, contract.stimReport, async (request) => {
    const { s, stim, filters, normType } = await stimScope(request, request.params, request.body);
    return { success: true as const, data: await metricRows(s.id, [stim], filters, normType) };
  });

  route(app, contract.featureAnalysis, async (request) => {
    const { s, stim, filters, normType } = await stimScope(request, request.params, request.body);
    const [[r], size] = await Promise.all([stimFeatures(db, s.id, [stim], filters, normType, { aoiMetrics: true }), stimSize(db, stim)]);
    const aoi = r.aoiMetrics!;
    return {
      success: true as const,
      stim_id: stim.stimId,
      stim_name: stim.name,
      stim_label: stim.label,
      stim_type: stimKind(stim.stimType),
      stim_source: sourceUrl(app, stim),
      feature_analysis_source: visualUrl(app, s.id, stim, 'featureanalysis'),
      view_order_source: visualUrl(app, s.id, stim, 'vieworder'),
      stim_width: size.width,
      stim_height: size.height,
      stim_data: {
        avg_page_dwell_time: r.metrics.avg_page_dwell_time,
        panelist_viewed_percent: r.metrics.panelist_viewed_percent,
        avg_stim_dwell_time: r.metrics.avg_stim_dwell_time,
        base_size: r.metrics.base_size,
      },
      feature_data: r.tags.map((tag) => ({
        feature_name: tag,
        avg_feature_dwell_time: r.feature_data[tag].avg_feature_dwell_time,
        panelist_viewed_percent: r.feature_data[tag].panelist_viewed_percent,
        view_order: r.feature_data[tag].view_order,
        norm: r.norm_data[tag],
        aoi_metrics: aoi.metrics[tag],
        aoi_norm: aoi.norms[tag],
      })),
      scanpath: aoi.scanpath,
      view_order: { min_base: MIN_VIEW_ORDER_BASE, features: r.viewOrder },
      data: r.tags.map((tag) => ({
        feature_name: tag,
        avg_feature_dwell_time: r.feature_data[tag].avg_feature_dwell_time,
        avg_page_dwell_time: r.metrics.avg_page_dwell_time,
        panelist_viewed_percent: r.feature_data[tag].panelist_viewed_percent,
      })),
      current_norm_type: normType,
      norm_types: NORM_TYPE_NAMES,
    };
  });

  route(app, contract.featureReport, async (request) => {
    const { s, stim, filters } = await stimScope(request, request.params, request.body);
    return { success: true as const, data: await featureRows(s.id, [stim], filters) };
  });

  route(app, contract.participantReport, async (request) => {
    const { s, stim, body, filters } = await stimScope(request, request.params, request.body);
    return { success: true as const, data: await participantRows(s.id, [stim], filters, body.limit_to_eyetracking ?? false) };
  });

  // ---- the interactive visual (issue 37 items 3–4) --------------------------------------------

  route(app, contract.gazePoints, async (request) => {
    const body = (request.body ?? {}) as contract.GazePointsBody;
    const { s, stim, filters } = await stimScope(request, request.params, body);
    return gazePointsAnswer(app, s.id, stim, filters, body.slice_ms);
  });

  // ---- legacy downloads: a whole step, a whole study ---------------------------------------------

  /** Every stim placed in the study (optionally one cell and step; a step not in the study is 404). */
  async function placedStims(studyId: number, where?: { cellId: number; stepId: number }) {
    const all = await labelledStudyStims(db, studyId);
    if (!where) return all;
    const hit = all.filter((p) => p.cellId === where.cellId && p.stepId === where.stepId);
    if (!hit.length) throw notFound(`Step ${where.stepId} of cell ${where.cellId} holds no stim of this study`);
    return hit;
  }

  route(app, contract.stepParticipantReport, async (request) => {
    const s = await study(request, toId(request.params.id));
    const stims = await placedStims(s.id, { cellId: toId(request.params.cell), stepId: toId(request.params.step) });
    const body = request.body ?? {};
    return { success: true as const, data: await participantRows(s.id, stims, readFilters(body), body.limit_to_eyetracking ?? false) };
  });

  route(app, contract.studyParticipantReport, async (request) => {
    const s = await study(request, toId(request.params.id));
    const body = request.body ?? {};
    return { success: true as const, data: await participantRows(s.id, await placedStims(s.id), readFilters(body), body.limit_to_eyetracking ?? false) };
  });

  route(app, contract.studyReport, async (request) => {
    const s = await study(request, toId(request.params.id));
    const body = request.body ?? {};
    const stims = await placedStims(s.id);
    return { success: true as const, data: stims.length ? await metricRows(s.id, stims, readFilters(body), (body.norm_type_id ?? DEFAULT_NORM_TYPE) as NormTypeId) : [] };
  });

  route(app, contract.studyFeatureReport, async (request) => {
    const s = await study(request, toId(request.params.id));
    const body = request.body ?? {};
    return { success: true as const, data: await featureRows(s.id, await placedStims(s.id), readFilters(body)) };
  });
}
