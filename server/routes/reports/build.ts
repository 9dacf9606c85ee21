// The report routes' own helpers: the placement check (404) and the signed URLs of sources and
// visuals. The payloads themselves are built by services/report-build.ts.
import type { FastifyInstance } from 'fastify';
import { publicBase, publicUrl } from '../../storage/index.js';
import { notFound } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { stimKind, type StimRef } from '../../analytics/base.js';
import * as repo from '../../repositories/reports.js';
import { labelOf, type LabelledStim } from '../../services/report-build.js';
import { placementLabels } from '../../../contract/placements.js';

/** Every placement of the study, each with its label (ambiguity is judged over the whole study). */
export async function labelledStudyStims(db: Db, studyId: number): Promise<LabelledStim[]> {
  const placed = await repo.studyStims(db, studyId);
  const labels = placementLabels(placed);
  return placed.map((p, i) => ({ ...p, label: labels[i] }));
}

/** The requested stims, each checked to be placed in that cell and step of the study (else 404). */
export async function resolveStims(db: Db, studyId: number, refs: StimRef[]): Promise<LabelledStim[]> {
  const placed = await labelledStudyStims(db, studyId);
  return refs.map((r) => {
    const hit = placed.find((p) => p.cellId === r.cellId && p.stepId === r.stepId && p.stimId === r.stimId);
    if (!hit) throw notFound(`Stim ${r.stimId} is not in cell ${r.cellId}, step ${r.stepId} of this study`);
    return hit;
  });
}

/** Visual kinds: path segment → the legacy field names that carry its URL. */
export const VISUAL_KINDS = ['heatmap', 'vieworder', 'featureanalysis', 'analysis'] as const;
export type VisualKind = (typeof VISUAL_KINDS)[number];

export function visualPath(studyId: number, stepId: number, stimId: number, kind: VisualKind): string {
  return `/visuals/${studyId}/${stepId}/${stimId}/${kind}.png`;
}

/** Signed URL of a rendered visual; `low` adds quality=low (outside the signature: it only shrinks). */
export function visualUrl(app: FastifyInstance, studyId: number, s: repo.PlacedStim, kind: VisualKind, low = false): string {
  const signed = publicBase() + app.signer.sign(visualPath(studyId, s.stepId, s.stimId, kind));
  return low ? `${signed}&quality=low` : signed;
}

export const sourceUrl = (app: FastifyInstance, s: repo.PlacedStim) => publicUrl(app, s.source);
export const lowSourceUrl = (app: FastifyInstance, s: repo.PlacedStim) => publicUrl(app, s.lowQualitySource ?? s.source);

export function visualData(app: FastifyInstance, studyId: number, s: repo.PlacedStim, size: { width: number; height: number }) {
  const v = (kind: VisualKind, low = false) => visualUrl(app, studyId, s, kind, low);
  return {
    stim_id: s.stimId,
    cell_id: s.cellId,
    step_id: s.stepId,
    stim_type: stimKind(s.stimType),
    stim_height: size.height,
    stim_width: size.width,
    stim_name: s.name,
    stim_label: labelOf(s),
    original_url: sourceUrl(app, s),
    original_url_low_quality: lowSourceUrl(app, s),
    vieworder_url: v('vieworder'),
    vieworder_url_low_quality: v('vieworder', true),
    featureanalysis_url: v('featureanalysis'),
    featureanalysis_url_low_quality: v('featureanalysis', true),
    analysis_url: v('analysis'),
    analysis_url_low_quality: v('analysis', true),
    heatmap_url: v('heatmap'),
    heatmap_url_low_quality: v('heatmap', true),
  };
}

