// /analysis/tpstimuli/{id}: the AOI editor's reads and saves for a batch stim (type=batch; the
// editor element is the stims area's <gaze-aoi-editor>). The id is the batch stim
// (internal_stim_id); the AOIs belong to its stim. Saving queues recompute-batch-aois.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/batches.js';
import { notFound } from '../../errors.js';
import { publicBase, publicUrl } from '../../storage/index.js';
import * as repo from '../../repositories/batches.js';
import { listAois } from '../../repositories/aoi.js';
import { saveBatchStimAois } from '../../services/batch-aois.js';
import { recomputeBatchAoisJob } from '../../jobs/recompute-batch-aois.js';
import { route, toId } from '../common.js';
import { visualPath } from '../reports/build.js';

export default async function tpStimuli(app: FastifyInstance) {
  const db = app.db;
  // The last recompute job of a stim, while this process knows it (the editor shows its progress).
  const lastJob = new Map<number, number>();

  async function batchStim(request: FastifyRequest, id: string) {
    const s = await repo.findCompanyBatchStim(db, request.auth.companyId, toId(id));
    if (!s) throw notFound('Stim not found');
    return s;
  }

  async function editorData(s: NonNullable<Awaited<ReturnType<typeof repo.findCompanyBatchStim>>>, jobId: number | null) {
    const heatmap = s.studyId && s.stepId ? publicBase() + app.signer.sign(visualPath(s.studyId, s.stepId, s.stimId, 'heatmap')) : null;
    return {
      id: s.batchStimId, stim_id: s.stimId, name: s.name, stim_type: s.stimType,
      source: publicUrl(app, s.source), width: s.width, height: s.height, heatmap_url: heatmap,
      aois: await listAois(db, s.stimId), job_id: jobId,
    };
  }

  route(app, contract.getTpStim, async (request) => {
    const s = await batchStim(request, request.params.id);
    return { success: true as const, data: await editorData(s, lastJob.get(s.stimId) ?? null) };
  });

  route(app, contract.saveTpStim, async (request) => {
    const s = await batchStim(request, request.params.id);
    const { studies } = await saveBatchStimAois(db, s.stimId, request.body.aois);
    let jobId: number | null = null;
    if (studies.length) {
      jobId = (await app.jobs.enqueue(recomputeBatchAoisJob, { stimId: s.stimId, studyIds: studies }, { companyId: request.auth.companyId })).id;
      lastJob.set(s.stimId, jobId);
    }
    return { success: true as const, data: await editorData(s, jobId), job_id: jobId };
  });
}
