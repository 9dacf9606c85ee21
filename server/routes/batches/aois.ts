// /analysis/tpstimuli/{id}: the AOI editor's reads and saves for a batch stim (type=batch; the
// editor element is the stims area's <gaze-aoi-editor>). The id is the batch stim
// (internal_stim_id); the AOIs belong to its stim, so reading, saving and the recompute are the
// stims area's own (aoiEditorData, saveAois, the recompute-aois job): one AOI code path.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/batches.js';
import { notFound } from '../../errors.js';
import * as repo from '../../repositories/batches.js';
import { findStim } from '../../repositories/stims.js';
import type { AoiInput } from '../../repositories/aoi.js';
import { saveAois } from '../../services/aoi.js';
import { recomputeAoisJob } from '../../jobs/recompute-aois.js';
import { aoiEditorData } from '../aoi/index.js';
import { route, toId } from '../common.js';

export default async function tpStimuli(app: FastifyInstance) {
  const db = app.db;

  /** The batch stim (the acting company's, through its batch) and its stim. */
  async function batchStim(request: FastifyRequest, id: string) {
    const companyId = request.auth.companyId;
    const s = await repo.findCompanyBatchStim(db, companyId, toId(id));
    const stim = s && (await findStim(db, companyId, s.stimId));
    if (!s || !stim) throw notFound('Stim not found');
    return { batchStimId: s.batchStimId, stim };
  }

  route(app, contract.getTpStim, async (request) => {
    const { batchStimId, stim } = await batchStim(request, request.params.id);
    return { success: true as const, data: await aoiEditorData(app, stim, batchStimId) };
  });

  route(app, contract.saveTpStim, async (request) => {
    const { batchStimId, stim } = await batchStim(request, request.params.id);
    const { exposures } = await saveAois(db, stim.id, request.body.aois as AoiInput[]);
    const job = exposures ? await app.jobs.enqueue(recomputeAoisJob, { stimId: stim.id }, { companyId: request.auth.companyId }) : null;
    const jobId = job?.id ?? null;
    return { success: true as const, data: await aoiEditorData(app, stim, batchStimId, jobId), job_id: jobId };
  });
}
