// Gaze replay (contract/replay.ts): the respondents of one placed stim and one respondent's gaze on
// it. The study must be the acting company's and the stim placed in that cell and step (404
// otherwise, as every report); coordinates leave here in stim pixels, the same space as the AOIs,
// so the element draws fixations, samples and AOIs over the stim without knowing the page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/replay.js';
import { notFound } from '../../errors.js';
import { readFilters } from '../../domain/demographics.js';
import { unpackFloat32 } from '../../analytics/pack.js';
import { unpackFixations } from '../../analytics/visuals/render.js';
import { listAois } from '../../repositories/aoi.js';
import * as repo from '../../repositories/replay.js';
import type { PlacedStim } from '../../repositories/reports.js';
import { publicUrl } from '../../storage/index.js';
import { companyStudy, route, toId } from '../common.js';
import { rawGazeNoticeOf } from '../privacy/notice.js';
import { resolveStims } from '../reports/build.js';
import { stimSize } from '../../services/report-build.js';

/** Two decimals: a hundredth of a pixel or millisecond is below anything a replay can show. */
const r2 = (v: number) => Math.round(v * 100) / 100;

const replayKind = (stimType: string): contract.ReplayStim['kind'] => (stimType === 'i' ? 'image' : stimType === 'v' ? 'video' : 'markup');

interface Interval { start_ms?: unknown; end_ms?: unknown; fraction?: unknown; playing?: unknown }

/** The stored intervals as the contract answers them (stored as ingested; anything malformed is skipped). */
function intervals(stored: unknown): contract.ReplayInterval[] {
  if (!Array.isArray(stored)) return [];
  const out: contract.ReplayInterval[] = [];
  for (const i of stored as Interval[]) {
    const start = Number(i?.start_ms), end = Number(i?.end_ms), fraction = Number(i?.fraction);
    if (!Number.isFinite(start) || !Number.isFinite(end) || !Number.isFinite(fraction)) continue;
    out.push({ start_ms: start, end_ms: end, fraction, ...(typeof i.playing === 'boolean' ? { playing: i.playing } : {}) });
  }
  return out.sort((a, b) => a.start_ms - b.start_ms);
}

export default async function replay(app: FastifyInstance) {
  const db = app.db;

  async function scope(request: FastifyRequest, p: contract.ReplayParams) {
    const s = await companyStudy(app, request, toId(p.id));
    const [stim] = await resolveStims(db, s.id, [{ cellId: toId(p.cell), stepId: toId(p.step), stimId: toId(p.stim) }]);
    return { s, stim };
  }

  async function replayStim(stim: PlacedStim): Promise<contract.ReplayStim> {
    const [size, aois] = await Promise.all([stimSize(db, stim), listAois(db, stim.stimId)]);
    const kind = replayKind(stim.stimType);
    return {
      stim_id: stim.stimId, cell_id: stim.cellId, step_id: stim.stepId, name: stim.name, stim_type: stim.stimType, kind,
      source: kind === 'markup' ? null : publicUrl(app, stim.source),
      poster: publicUrl(app, stim.lowQualitySource ?? (kind === 'image' ? stim.source : null)),
      width: Math.round(size.width), height: Math.round(size.height), aois,
    };
  }

  route(app, contract.respondents, async (request) => {
    const { s, stim } = await scope(request, request.params);
    const body = request.body ?? {};
    const [info, list] = await Promise.all([
      replayStim(stim),
      repo.stimRespondents(db, {
        studyId: s.id, stepId: stim.stepId, stimId: stim.stimId, filters: readFilters(body),
        eyetrackedOnly: body.limit_to_eyetracking ?? false, search: body.search?.trim() || null, limit: body.limit ?? 200,
      }),
    ]);
    return { success: true as const, raw_gaze_notice: await rawGazeNoticeOf(db, s.id), stim: info, total: list.total, data: list.rows };
  });

  route(app, contract.respondent, async (request) => {
    const { s, stim } = await scope(request, request.params);
    const [e, info] = await Promise.all([repo.respondentExposure(db, s.id, stim.stepId, stim.stimId, toId(request.params.participant)), replayStim(stim)]);
    if (!e) throw notFound('This respondent has no exposure of this stim');
    // Page pixels → stim pixels (the stim may have been shown scaled), as the visuals do.
    const sx = e.stimWidth > 0 ? info.width / e.stimWidth : 1, sy = e.stimHeight > 0 ? info.height / e.stimHeight : 1;
    const fixations = unpackFixations(e.fixations).map((f) => ({
      start_ms: r2(f.startMs), duration_ms: r2(f.durationMs), x: r2((f.x - e.stimX) * sx), y: r2((f.y - e.stimY) * sy),
    }));
    const flat = unpackFloat32(e.samples);
    const n = Math.floor(flat.length / 3);
    const shown = Math.min(n, contract.REPLAY_SAMPLES_MAX);
    const samples: [number, number, number][] = [];
    for (let k = 0; k < shown; k++) {
      // An even thinning when the track is longer than the maximum (k·n/shown is k when it is not).
      const i = Math.floor((k * n) / shown) * 3;
      samples.push([r2(flat[i]), r2((flat[i + 1] - e.stimX) * sx), r2((flat[i + 2] - e.stimY) * sy)]);
    }
    const { stimX, stimY, stimWidth, stimHeight, intervals: stored, sampleCount, samples: _s, fixations: _f, ...respondent } = e;
    return {
      success: true as const,
      raw_gaze_notice: await rawGazeNoticeOf(db, s.id),
      stim: info,
      data: {
        ...respondent,
        duration_ms: e.page_dwell_ms,
        stim_rect: { x: stimX, y: stimY, width: stimWidth, height: stimHeight },
        viewability: intervals(stored),
        fixations,
        samples,
        sample_count: Math.max(sampleCount, n),
      },
    };
  });
}
