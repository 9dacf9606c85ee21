// My Validations (contract/validations.ts): the acting company's run-through records and the
// sessions taken on its studies' test links. Ordering a run-through is the overview's
// order_study_runthrough (super users), executed by the run-through job (server/jobs/run-through.ts),
// which stores per cell and per step checks shown here as cells.
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/validations.js';
import { route } from '../common.js';
import { companyValidations } from '../../repositories/my-reports.js';

export default async function validationsRoutes(app: FastifyInstance) {
  route(app, contract.listValidations, async (request) => {
    const q = request.query;
    const page = Number(q.page_num ?? 1);
    const size = Number(q.results_per_page ?? contract.VALIDATION_PAGE_SIZE);
    const { rows, total } = await companyValidations(app.db, request.auth.companyId, {
      search: (q.search ?? '').trim(), status: q.status, sort: q.order_by ?? 'Date', desc: (q.direction ?? 'desc') === 'desc', page, size,
    });
    return {
      success: true as const,
      data: rows.map((r) => ({
        id: r.id, kind: r.kind, study_id: r.studyId, study_name: r.studyName, executed_by: r.executedBy, date: r.createdAt, status: r.status, result: r.result, is_test: r.isTest,
        ...(Array.isArray(r.results) ? { cells: r.results as contract.ValidationView['cells'] } : {}),
      })),
      total, page_num: page, total_pages: Math.max(1, Math.ceil(total / size)),
    };
  });
}
