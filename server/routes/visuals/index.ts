// GET /visuals/{studyId}/{stepId}/{stimId}/{kind}.png[?quality=low]: report visuals rendered from
// the base's fixations and the stim's AOIs. Outside /v1.0 and without a token (an <img> cannot
// send one), but only with a valid, unexpired signature from app.signer (the report endpoints
// hand out signed URLs); anything else is 403. Rendered PNGs are cached by data fingerprint.
// `quality`, `weight` and `backdrop` sit outside the signature: they change how, not what, is drawn.
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../errors.js';
import { readAll } from '../../storage/index.js';
import { stimKind } from '../../analytics/base.js';
import { NO_FILTERS } from '../../domain/demographics.js';
import { computeFeatures, viewOrder } from '../../analytics/features.js';
import { decodeImage, type Canvas } from '../../analytics/visuals/canvas.js';
import { renderVisual, unpackFixations, MAX_SIDE, type AoiBox, type Fixation, type VisualKind } from '../../analytics/visuals/render.js';
import { PngCache } from '../../analytics/visuals/cache.js';
import * as repo from '../../repositories/reports.js';
import { visualPath } from '../reports/build.js';
import { stimSize } from '../../services/report-build.js';
import * as contract from '../../../contract/visuals.js';
import { route, toId } from '../common.js';

const FILE = /^(heatmap|vieworder|featureanalysis|analysis)\.png$/;


/** AOI bounding box in stim pixels (polygons are boxed: the visuals draw rectangles). */
function box(a: repo.AoiShape): { x: number; y: number; width: number; height: number } {
  if (a.shape === 'polygon' && Array.isArray(a.points) && a.points.length) {
    const pts = (a.points as unknown[]).map((p) => (Array.isArray(p) ? { x: Number(p[0]), y: Number(p[1]) } : (p as { x: number; y: number })));
    const xs = pts.map((p) => Number(p.x)), ys = pts.map((p) => Number(p.y));
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }
  return { x: a.x, y: a.y, width: a.width, height: a.height };
}

/** Served outside /v1.0 (server/routes/index.ts discovers areas). */
export const mount = 'root';

export default async function visuals(app: FastifyInstance) {
  const db = app.db;
  const cache = new PngCache();

  async function background(source: string | null, width: number, height: number): Promise<Canvas | null> {
    if (!source || /^[a-z]+:/i.test(source)) return null;
    try {
      const bytes = await readAll(app.storage, source);
      return bytes ? await decodeImage(bytes, width, height) : null;
    } catch {
      return null; // not a valid key or not a readable image: neutral frame
    }
  }

  route(app, contract.visual, async (request, reply) => {
    const { file } = request.params;
    const [studyId, stepId, stimId] = [toId(request.params.studyId), toId(request.params.stepId), toId(request.params.stimId)];
    const kind = FILE.exec(file)![1] as VisualKind;
    const path = visualPath(studyId, stepId, stimId, kind);
    if (!app.signer.verify(path, request.query.expires, request.query.sig)) throw forbidden('Invalid or expired signature');
    const low = request.query.quality === 'low';
    const weight = request.query.weight ?? 'duration';
    const clear = request.query.backdrop === 'none';
    const placed = (await repo.studyStims(db, studyId)).find((p) => p.stepId === stepId && p.stimId === stimId);
    if (!placed) throw notFound('Stim not found');

    const fingerprint = await repo.visualFingerprint(db, studyId, stepId, stimId);
    // Only the heatmap and stim analysis read the weight: the other kinds share one entry.
    const key = `${path}:${low ? 'low' : 'high'}:${kind === 'heatmap' || kind === 'analysis' ? weight : '-'}:${clear ? 'clear' : 'stim'}:${fingerprint}`;
    let png = cache.get(key);
    if (!png) {
      const size = await stimSize(db, placed);
      // Very large stims are drawn scaled down; every coordinate goes through k.
      const k = Math.min(1, MAX_SIDE / Math.max(size.width, size.height));
      const width = Math.max(1, Math.round(size.width * k)), height = Math.max(1, Math.round(size.height * k));
      const video = stimKind(placed.stimType) === 'video';
      const [exposures, aois, aggs, features] = await Promise.all([
        repo.baseFixations(db, studyId, stepId, stimId),
        repo.stimAois(db, stimId),
        repo.studyAggregates(db, studyId, [placed], NO_FILTERS),
        repo.studyFeatureAggregates(db, studyId, [placed], NO_FILTERS),
      ]);
      const fixations: Fixation[] = [];
      for (const e of exposures) {
        if (!(e.stimWidth > 0 && e.stimHeight > 0)) continue;
        // Page pixels → stim pixels (the stim may have been shown scaled).
        const sx = width / e.stimWidth, sy = height / e.stimHeight;
        for (const f of unpackFixations(e.fixations)) {
          fixations.push({ x: (f.x - e.stimX) * sx, y: (f.y - e.stimY) * sy, durationMs: f.durationMs });
        }
      }
      const pk = repo.pairKey(stepId, stimId);
      const tags = [...new Set(aois.map((a) => a.tag))];
      const metrics = computeFeatures(tags, features.get(pk) ?? [], aggs.get(pk)!.viewedN);
      // The same view order as the feature page's words (analytics/features.ts viewOrder), with its base.
      const order = new Map(viewOrder(tags, features.get(pk) ?? []).map((e) => [e.feature_name, e]));
      const boxes: AoiBox[] = aois.map((a) => {
        const b = box(a);
        return {
          tag: a.tag, x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k,
          viewOrder: order.get(a.tag)?.rank ?? null, viewers: order.get(a.tag)?.viewers ?? 0, lowBase: order.get(a.tag)?.low_base ?? false,
          viewedPercent: metrics[a.tag].panelist_viewed_percent,
        };
      });
      // A video stim stored as a still (the demo's mock-ups) is drawn on it; a real video's frame
      // is the browser's to add (backdrop=none), the server decodes none.
      const still = !video || /\.(png|jpe?g|webp|gif|avif)$/i.test(placed.source ?? '');
      const bg = clear || !still ? null : await background(placed.source, width, height);
      png = await renderVisual(kind, { width, height, background: bg, video, transparent: clear, fixations, aois: boxes, respondents: exposures.length, weight }, low);
      cache.set(key, png);
    }
    reply.header('content-type', 'image/png');
    reply.header('cache-control', 'private, max-age=3600');
    return reply.send(png);
  });
}
