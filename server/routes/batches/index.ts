// Batches for vendors (spec document 3 §2.10–2.14, §7). Schemas: contract/batches.ts.
// A batch is read through its backing study (batch.study_id): each batch stim is a (step, stim)
// placed in that study, so every number comes from the study reports' code (routes/reports/build.ts
// over repositories/reports.ts and analytics/) — there is no second implementation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/batches.js';
import { badRequest, notFound } from '../../errors.js';
import { EMPTY_AGGREGATE, computeMetrics, METRIC_LABELS, METRIC_NAMES } from '../../analytics/metrics.js';
import { DEFAULT_NORM_TYPE } from '../../analytics/norms.js';
import { NO_FILTERS } from '../../analytics/base.js';
import { longestVideoMs, readGraphRequest, DATA_TYPES, legacyCurve } from '../../analytics/survival.js';
import { publicUrl } from '../../storage/index.js';
import * as repo from '../../repositories/batches.js';
import * as reports from '../../repositories/reports.js';
import { route } from '../common.js';
import { LOOKUPS } from '../../domain/lookups.js';
import { sourceUrl, lowSourceUrl, visualUrl } from '../reports/build.js';
import { gazePointsAnswer } from '../reports/gaze.js';
import { stimFeatures, stimMetrics, stimNorms, stimSize, survivalCurves } from '../../services/report-build.js';
import tpStimuli from './aois.js';

const DEFAULT_ORDER = 'data_collection_start_desc';

/** 'image' | 'video' | 'script' | 'vast', or 'Unknown' for a code the product does not know. */
export function stimTypeName(code: string | null | undefined): string {
  for (const [name, codes] of Object.entries(repo.STIM_TYPE_CODES)) if (code && codes.includes(code)) return name;
  return 'Unknown';
}

/** The stimtypes list's description of a code ('Image', 'VAST URL'…), or 'Unknown'. */
export function stimTypeDescription(code: string | null | undefined): string {
  return LOOKUPS.stim_type.find(([, c]) => c === code)?.[2] ?? 'Unknown';
}

const ref = (v: string | number) => String(v).trim();

export default async function batchRoutes(app: FastifyInstance) {
  const db = app.db;

  /** The batch named by the body (its vendor checked with it) within the acting company, else 404. */
  async function batchOf(request: FastifyRequest, body: { internal_batch_id: string | number; internal_vendor_id: string | number }) {
    const b = await repo.findCompanyBatch(db, request.auth.companyId, ref(body.internal_batch_id), ref(body.internal_vendor_id));
    if (!b) throw notFound('Batch not found');
    return b;
  }

  /**
   * The batch stims a report is about (one when internal_stim_id is sent), each with its placement
   * in the backing study. A stim that was never placed in a step has no measurements: it is left
   * out of multi-stim reports and answers 404 when asked for alone.
   */
  async function reportScope(request: FastifyRequest, body: contract.BatchReportBody) {
    const b = await batchOf(request, body);
    const stimId = body.internal_stim_id === undefined ? undefined : Number(body.internal_stim_id);
    const rows = await repo.batchStims(db, b.id, stimId);
    if (stimId && !rows.length) throw notFound('Stim not found in this batch');
    if (body.internal_step_id !== undefined && stimId && rows[0].stepId !== Number(body.internal_step_id)) throw notFound('Step not found for this stim');
    const placed = b.studyId ? await reports.studyStims(db, b.studyId) : [];
    const items = rows.flatMap((r) => {
      const p = placed.find((x) => x.stepId === r.stepId && x.stimId === r.stimId);
      return p ? [{ row: r, placed: p }] : [];
    });
    if (stimId && !items.length) throw notFound('This stim has no measurements yet');
    return { b, items, studyId: b.studyId ?? 0 };
  }

  const head = (r: repo.BatchStimRow, stepId: number) => ({
    stim_name: r.name, stim_type: stimTypeName(r.stimType), stim_id: r.stimId, internal_step_id: stepId,
    internal_stim_id: r.batchStimId, identifier: r.identifier,
  });
  const ids = (b: repo.CompanyBatch) => ({ internal_batch_id: b.internalId, internal_vendor_id: b.vendorInternalId, batch_id: b.batchLabel });

  /** Feature items of the batch variant: the study's feature metrics plus the stim's page dwell. */
  async function features(studyId: number, items: { row: repo.BatchStimRow; placed: reports.PlacedStim }[]) {
    const f = await stimFeatures(db, studyId, items.map((i) => i.placed), NO_FILTERS, DEFAULT_NORM_TYPE);
    return f.map((r) => ({
      ...r,
      items: r.tags.map((tag) => ({
        feature_name: tag,
        avg_feature_dwell_time: r.feature_data[tag].avg_feature_dwell_time,
        avg_page_dwell_time: r.metrics.avg_page_dwell_time,
        participant_viewed_percent: r.feature_data[tag].panelist_viewed_percent,
        panelist_viewed_percent: r.feature_data[tag].panelist_viewed_percent,
        view_order: r.feature_data[tag].view_order,
      })),
    }));
  }

  // ---- list ---------------------------------------------------------------------------------------

  route(app, contract.list, async (request) => {
    const body = request.body;
    const pageSize = Number(body.results_per_page ?? 25);
    const page = Number(body.page_num ?? 1);
    const orderBy = body.order_by ?? DEFAULT_ORDER;
    const r = await repo.listBatches(db, {
      companyId: request.auth.companyId, page, pageSize, orderBy,
      filterId: (body.filter_id ?? '').trim(), filterName: (body.filter_name ?? '').trim(),
    });
    return {
      success: true as const,
      data: r.items,
      page_num: page,
      total_page_num: Math.max(1, Math.ceil(r.total / pageSize)),
      results_per_page: pageSize,
      order_by: orderBy,
      total_count: r.total,
      total_live: r.live,
      total_completed: r.completed,
    };
  });

  // ---- stims --------------------------------------------------------------------------------------

  async function stimList(request: FastifyRequest, body: contract.BatchStimsBody): Promise<contract.BatchStimsResponse> {
    const b = await batchOf(request, body);
    const rows = await repo.batchStims(db, b.id, body.internal_stim_id === undefined ? undefined : Number(body.internal_stim_id));
    const placed = b.studyId ? await reports.studyStims(db, b.studyId) : [];
    const measured = rows.map((r) => placed.find((x) => x.stepId === r.stepId && x.stimId === r.stimId) ?? null);
    const withPlace = measured.filter((p): p is reports.PlacedStim => p !== null);
    const [metrics, tags] = await Promise.all([
      b.studyId && withPlace.length ? stimMetrics(db, b.studyId, withPlace, NO_FILTERS) : Promise.resolve([]),
      repo.stimTags(db, [...new Set(rows.map((r) => r.stimId))]),
    ]);
    return {
      success: true as const,
      ...ids(b),
      name: b.name,
      data: rows.map((r, i) => {
        const p = measured[i];
        return {
          internal_stim_id: r.batchStimId, internal_step_id: r.stepId, stim_id: r.stimId, ...ids(b),
          identifier: r.identifier, name: r.name, type: stimTypeName(r.stimType), width: r.width, height: r.height,
          discovered_date: r.discoveredDate, url: r.url, external_source: r.externalSource,
          source: publicUrl(app, r.source), source_low_quality: publicUrl(app, r.lowQualitySource ?? r.source),
          aoi_count: r.aoiCount, feature_data: tags.get(r.stimId) ?? [],
          stim_data: p ? metrics[withPlace.indexOf(p)] : computeMetrics(EMPTY_AGGREGATE),
        };
      }),
    };
  }
  route(app, contract.stims, (request) => stimList(request, request.body));
  // The legacy client's shape (issue 39): data[0].stim_data is the batch's stims (its overview counts
  // them). Its vendor stim list sends {} on mount and reads nothing of the answer: no batch, no stims.
  route(app, contract.discovered, async (request) => {
    const { internal_batch_id: batchId, internal_vendor_id: vendorId, internal_stim_id: stimId } = request.body;
    if (batchId === undefined && vendorId === undefined) {
      return { success: true as const, internal_batch_id: null, internal_vendor_id: null, batch_id: null, name: null, data: [] };
    }
    if (batchId === undefined || vendorId === undefined) {
      const missing = batchId === undefined ? 'internal_batch_id' : 'internal_vendor_id';
      throw badRequest('Validation failed', { [missing]: 'Required with the other batch id' });
    }
    const list = await stimList(request, { internal_batch_id: batchId, internal_vendor_id: vendorId, internal_stim_id: stimId });
    const group = { internal_batch_id: list.internal_batch_id, internal_vendor_id: list.internal_vendor_id, batch_id: list.batch_id, name: list.name };
    return { success: true as const, ...group, data: [{ ...group, stim_data: list.data }] };
  });

  // ---- reports ------------------------------------------------------------------------------------

  route(app, contract.reportData, async (request) => {
    const { b, items, studyId } = await reportScope(request, request.body);
    const [f, norms] = await Promise.all([
      features(studyId, items),
      stimNorms(db, [...new Set(items.map((i) => i.row.stimId))], DEFAULT_NORM_TYPE),
    ]);
    return {
      success: true as const,
      ...ids(b),
      data: items.map(({ row, placed }, i) => ({
        ...head(row, placed.stepId),
        stim_width: placed.width, stim_height: placed.height,
        // stim_type in stim_data and norm_data.base_size: what the legacy KPI page reads (issue 39).
        stim_data: { ...f[i].metrics, stim_type: stimTypeName(row.stimType) },
        norm_data: { ...norms.get(row.stimId)!, base_size: norms.get(row.stimId)!.norm_size },
        feature_data: f[i].items,
      })),
    };
  });

  route(app, contract.reportFeatureData, async (request) => {
    const { b, items, studyId } = await reportScope(request, request.body);
    const f = await features(studyId, items);
    return {
      success: true as const,
      ...ids(b),
      data: items.map(({ row, placed }, i) => ({
        ...head(row, placed.stepId),
        stim_data: {
          avg_page_dwell_time: f[i].metrics.avg_page_dwell_time, panelist_viewed_percent: f[i].metrics.panelist_viewed_percent,
          avg_stim_dwell_time: f[i].metrics.avg_stim_dwell_time, base_size: f[i].metrics.base_size,
        },
        feature_data: f[i].items,
      })),
    };
  });

  route(app, contract.reportVisual, async (request) => {
    const { items, studyId } = await reportScope(request, request.body);
    const data = await Promise.all(items.map(async ({ row, placed }) => {
      const size = await stimSize(db, placed);
      const urls = (kind: 'heatmap' | 'analysis' | 'featureanalysis' | 'vieworder') => ({
        url: visualUrl(app, studyId, placed, kind), low_quality: visualUrl(app, studyId, placed, kind, true),
      });
      const source = sourceUrl(app, placed);
      const low = lowSourceUrl(app, placed);
      return {
        ...head(row, placed.stepId),
        stim_width: size.width, stim_height: size.height,
        // stim_source as the other visuals ({url, low_quality}: the legacy 'Original' reads
        // stim_source.low_quality); stim_source_url keeps the plain address for the SDK (issue 39).
        stim_source: { url: source, low_quality: low ?? source },
        stim_source_url: source, stim_source_low_quality: low,
        heatmap_urls: urls('heatmap'), analysis_urls: urls('analysis'), feature_analysis_urls: urls('featureanalysis'),
        // The view order of a video is not drawn (spec: "only if available").
        ...(stimTypeName(row.stimType) === 'video' ? {} : { view_order_urls: urls('vieworder') }),
      };
    }));
    return { success: true as const, data };
  });

  route(app, contract.reportGraph, async (request) => {
    const { items, studyId } = await reportScope(request, request.body);
    const g = readGraphRequest(request.body, { videoMs: longestVideoMs(items.map((i) => i.placed)) });
    const curves = await survivalCurves(db, studyId, items.map((i) => i.placed), NO_FILTERS, g);
    return {
      success: true as const,
      current_graph_type_id: g.graphTypeId,
      time_segment: g.timeSegment,
      max_time: g.maxTime,
      data_types: DATA_TYPES,
      // graph_data on the legacy client's axes (x = percent still viewing, y = dwell ms); the
      // SDK draws survival_data, the curve as graph2_data answers it (issue 39).
      data: items.map(({ row, placed }, i) => ({ ...head(row, placed.stepId), graph_data: legacyCurve(curves[i].graph_data), survival_data: curves[i].graph_data })),
    };
  });

  // The interactive visual of the batch KPI and feature reports (issue 37): the study's answer for
  // the batch stim's placement, over every respondent like the rest of the batch report.
  route(app, contract.reportGazePoints, async (request) => {
    const body = request.body;
    const { items, studyId } = await reportScope(request, body);
    return gazePointsAnswer(app, studyId, items[0].placed, NO_FILTERS, body.slice_ms);
  });

  route(app, contract.reportStats, async (request) => {
    const { items, studyId } = await reportScope(request, request.body);
    const [metrics, norms] = await Promise.all([
      stimMetrics(db, studyId, items.map((i) => i.placed), NO_FILTERS),
      stimNorms(db, [...new Set(items.map((i) => i.row.stimId))], DEFAULT_NORM_TYPE),
    ]);
    return {
      success: true as const,
      data: items.flatMap(({ row }, i) => {
        const norm = norms.get(row.stimId)!;
        return METRIC_NAMES.map((m) => ({
          stim_id: row.stimId, internal_stim_id: row.batchStimId, stim_name: row.name, metric: m, label: METRIC_LABELS[m],
          actual: metrics[i][m], norm: norm[m], base_size: metrics[i].base_size, norm_size: norm.norm_size,
        }));
      }),
    };
  });

  async function participantRows(studyId: number, placed: reports.PlacedStim) {
    return reports.participantRows(db, studyId, placed.stepId, placed.stimId, NO_FILTERS, false);
  }

  route(app, contract.reportParticipant, async (request) => {
    const { items, studyId } = await reportScope(request, request.body);
    const perStim = await Promise.all(items.map(async ({ row, placed }) => (await participantRows(studyId, placed)).map((p) => ({
      ...p, stim_id: row.stimId, internal_stim_id: row.batchStimId, stim_name: row.name, identifier: row.identifier,
    }))));
    return { success: true as const, data: perStim.flat() };
  });

  route(app, contract.reportParticipantData, async (request) => {
    const { items, studyId } = await reportScope(request, request.body);
    const data = await Promise.all(items.map(async ({ row, placed }) => ({
      stim_id: row.stimId, internal_stim_id: row.batchStimId, internal_step_id: placed.stepId, stim_name: row.name,
      identifier: row.identifier, participant_data: await participantRows(studyId, placed),
    })));
    return { success: true as const, data };
  });

  route(app, contract.reportParticipantFeatureData, async (request) => {
    const { items, studyId } = await reportScope(request, request.body);
    const data = await Promise.all(items.map(async ({ row, placed }) => ({
      stim_id: row.stimId, internal_stim_id: row.batchStimId, internal_step_id: placed.stepId, stim_name: row.name,
      identifier: row.identifier,
      participant_data: await reports.featureParticipantRows(db, studyId, placed.stepId, placed.stimId, NO_FILTERS),
    })));
    return { success: true as const, data };
  });

  // ---- the vendor's all-stims list --------------------------------------------------------------

  route(app, contract.vendorStims, async (request) => {
    const body = request.body ?? {};
    // No paging parameter (the legacy client posts {}: it has no pager and filters client-side):
    // every row, as one page. The SDK always sends both.
    const all = body.page_num === undefined && body.results_per_page === undefined;
    const page = all ? 1 : Number(body.page_num ?? 1);
    const orderBy = body.order_by ?? 'name_asc';
    const type = (body.filter_stimtype ?? '').trim().toLowerCase();
    // A group (image, vast…), a code, or a description the list's `type` shows ('VAST URL').
    const described = LOOKUPS.stim_type.find(([, , name]) => name.toLowerCase() === type)?.[1];
    const types = !type || type === 'all' ? [] : repo.STIM_TYPE_CODES[type] ?? [described ?? type];
    const r = await repo.vendorStims(db, { companyId: request.auth.companyId, page, pageSize: all ? null : Number(body.results_per_page ?? 25), orderBy, name: (body.filter_name ?? '').trim(), types });
    const pageSize = all ? Math.max(r.total, 1) : Number(body.results_per_page ?? 25);
    return {
      success: true as const,
      data: r.items.map((x) => ({
        internal_stim_id: x.batchStimId, internal_step_id: x.stepId, stim_id: x.stimId, batch_id: x.batchLabel,
        internal_batch_id: x.internalBatchId, internal_vendor_id: x.internalVendorId, identifier: x.identifier, name: x.name,
        // `type`: the stimtypes list's description (the legacy Stim Types filter compares the two);
        // `type_group`: image | video | script | vast, what filter_stimtype takes and the SDK shows.
        type: stimTypeDescription(x.stimType), type_group: stimTypeName(x.stimType), width: x.width, height: x.height, discovered_date: x.discoveredDate, url: x.url,
        external_source: x.externalSource, source: publicUrl(app, x.source), source_low_quality: publicUrl(app, x.lowQualitySource ?? x.source),
        aoi_count: x.aoiCount,
      })),
      page_num: page,
      total_page_num: Math.max(1, Math.ceil(r.total / pageSize)),
      results_per_page: pageSize,
      order_by: orderBy,
      total_count: r.total,
    };
  });

  // ---- files --------------------------------------------------------------------------------------

  route(app, contract.files, async (request) => {
    const { companyId, userTypeId, superUser } = request.auth;
    const files = await repo.companyFiles(db, companyId, userTypeId !== 1 && !superUser);
    return {
      success: true as const,
      data: files.map((f) => ({
        id: f.id, name: f.name, description: f.description, type: f.type, url: publicUrl(app, f.storageKey ?? f.url),
        study_name: f.studyName, batch_id: f.batchLabel,
      })),
    };
  });

  await app.register(tpStimuli);
}
