// The AOI editor's calls for study stims (contract/aoi.ts): read a stim with its AOIs, save them
// (one transaction) and queue the recompute of the stim's per-AOI summaries; the tag vocabulary.
// The batches area serves /analysis/tpstimuli through aoiEditorData() and the same save and job.
import type { FastifyInstance } from 'fastify';
import type { AoiEditorData } from '../../../contract/aoi.js';
import { companyTags, latestPlacement, listAois, type AoiInput } from '../../repositories/aoi.js';
import { findStim, type StimFull } from '../../repositories/stims.js';
import { saveAois } from '../../services/aoi.js';
import { publicBase, publicUrl } from '../../storage/index.js';
import { recomputeAoisJob } from '../../jobs/recompute-aois.js';
import { notFound } from '../../errors.js';
import * as contract from '../../../contract/aoi.js';
import { route, toId } from '../common.js';
import { requireStudyRole } from '../stims/index.js';

/** Features most ads have; offered before the company's own tags exist. */
export const USUAL_TAGS = ['Logo', 'Headline', 'Product', 'CTA', 'Brand', 'Price', 'Face', 'Copy'];

/** What the editor draws on: the stim, its AOIs and (when it has data) its latest heatmap. */
export async function aoiEditorData(app: FastifyInstance, s: StimFull, editorId = s.id, jobId: number | null = null): Promise<AoiEditorData> {
  const placed = await latestPlacement(app.db, s.id);
  return {
    id: editorId, stim_id: s.id, name: s.name, stim_type: s.stimType,
    // The image (or a video's poster) to draw on; markup stims have no picture of their own.
    source: s.stimType === 'i' || s.stimType === 'v' ? publicUrl(app, s.source) : publicUrl(app, s.lowQualitySource),
    width: s.width, height: s.height,
    heatmap_url: placed ? publicBase() + app.signer.sign(`/visuals/${placed.studyId}/${placed.stepId}/${s.id}/heatmap.png`) : null,
    aois: await listAois(app.db, s.id),
    job_id: jobId,
  };
}

export default async function aoi(app: FastifyInstance) {
  route(app, contract.getStim, async (request) => {
    requireStudyRole(request);
    const s = await findStim(app.db, request.auth.companyId, toId(request.params.id));
    if (!s) throw notFound('Stim not found');
    return { success: true as const, data: await aoiEditorData(app, s) };
  });

  route(app, contract.saveStim, async (request) => {
    requireStudyRole(request);
    const s = await findStim(app.db, request.auth.companyId, toId(request.params.id));
    if (!s) throw notFound('Stim not found');
    const { exposures } = await saveAois(app.db, s.id, request.body.aois as AoiInput[]);
    const job = exposures ? await app.jobs.enqueue(recomputeAoisJob, { stimId: s.id }, { companyId: request.auth.companyId }) : null;
    const fresh = (await findStim(app.db, request.auth.companyId, s.id))!;
    return { success: true as const, data: await aoiEditorData(app, fresh, s.id, job?.id ?? null), job_id: job?.id ?? null };
  });

  route(app, contract.tagList, async (request) => {
    const own = await companyTags(app.db, request.auth.companyId);
    const seen = new Set(own.map((t) => t.name.toLowerCase()));
    const usual = USUAL_TAGS.filter((t) => !seen.has(t.toLowerCase())).map((name) => ({ name, count: 0 }));
    return { success: true as const, data: [...own, ...usual] };
  });
}
