// The cell and step board (contract/board.ts; spec document 2 §7.2). Every study route resolves
// the study within the acting company first (404 otherwise); changes go through services/board.ts,
// which refuses them while the study is locked (409) and runs each in one transaction.
// The v1 export is the /v1.0 API; snapshotRoutes serves cache-page snapshots (signed, for sandboxed
// iframes) on the files origin only (server/files-origin.ts), never the dashboard's (issue 9).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/board.js';
import * as board from '../../services/board.js';
import { CACHE_STATUS } from '../../services/board.js';
import { findCachePage, cachePageForJob, insertCachePage, setCachePageJob, type CachePageRow } from '../../repositories/board.js';
import { parsePublicUrl } from '../../domain/urls.js';
import { cachePageJob } from '../../jobs/cache-page.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { companyStudy, route, toId } from '../common.js';

export { boardV1 as v1 };
export const { SNAPSHOT_PREFIX } = contract;

/** How long a snapshot URL stays valid. */
const SNAPSHOT_TTL_SECONDS = 6 * 3600;
const snapshotPath = (id: number) => `${contract.SNAPSHOT_PREFIX}/${id}`;

function cacheView(app: FastifyInstance, r: CachePageRow): contract.CachePage {
  return {
    id: r.id,
    name: r.name,
    original_source: r.originalSource,
    cached_source: r.status === 'cached' && r.cachedSource ? `${app.config.filesOrigin ?? ''}${app.signer.sign(snapshotPath(r.id), SNAPSHOT_TTL_SECONDS)}` : null,
    status: CACHE_STATUS[r.status] ?? 'pending',
    failure_reason: r.failureReason,
    job_id: r.jobId,
  };
}

export async function snapshotRoutes(app: FastifyInstance) {
  route(app, contract.filesOriginOperations.snapshot, async (request, reply) => {
    const id = toId(request.params.id);
    const { expires, sig } = request.query;
    if (!app.signer.verify(snapshotPath(id), expires, sig)) throw forbidden('Invalid or expired signature');
    // Browsers say what they load a URL as: a snapshot is for an iframe, never a top-level page.
    const dest = request.headers['sec-fetch-dest'];
    if (dest !== undefined && dest !== 'iframe') throw forbidden('A cache page snapshot is shown only inside the board');
    const page = await cachePageForJob(app.db, id);
    if (!page || page.status !== 'cached' || !page.cachedSource) throw notFound('Snapshot not found');
    const found = await app.storage.get(page.cachedSource);
    if (!found) throw notFound('Snapshot not found');
    // The headers (sandbox CSP, framing by our own pages only) come from the security plugin's
    // 'snapshot' policy.
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-length', found.size)
      .header('cache-control', 'private, max-age=3600')
      .send(found.stream);
  });
}

async function boardV1(app: FastifyInstance) {
  // STUDY_ROLES: batch users have no studies. Until route() enforces an operation's roles for
  // every area, the board does it itself (after the auth hook, before validation).
  app.addHook('onRequest', async (request) => {
    const auth = request.auth as { userTypeId: number; superUser: boolean } | undefined;
    if (auth && !auth.superUser && auth.userTypeId === 2) throw forbidden('Batch users have no study boards');
  });
  const study = async (request: FastifyRequest, id: string) => (await companyStudy(app, request, toId(id))).id;

  route(app, contract.stepsOverview, async (request) => {
    const found = await companyStudy(app, request, toId(request.params.id));
    const { allow, live, completed, sessions, cells } = await board.boardOverview(app.db, found.id);
    return {
      success: true as const,
      allow_step_editing: allow,
      live,
      completed,
      counted_sessions: sessions,
      study_id: found.id,
      study_name: found.name,
      data: cells.map((c, ci) => ({
        cell_id: c.id,
        cell_name: c.name,
        short_name: c.shortName,
        index: ci,
        step_data: c.steps.map((s, i) => {
          const type = s.stepType as contract.StepType;
          const label = contract.STEP_TYPE_LABELS[type] ?? `${s.stepType} Step`;
          return {
            step_order_id: s.id,
            index: i,
            // The legacy client colours and heads its cards by the label and prints step_details
            // as text (a white page for an object); our SDK reads step_kind and step_settings.
            step_type: label,
            step_kind: type,
            step_type_label: label,
            step_name: s.name,
            step_details: s.url ?? s.name,
            step_settings: {
              seconds_before_show_next: s.secondsBeforeShowNext,
              seconds_before_move_next: s.secondsBeforeMoveNext,
              next_type_id: s.nextTypeId,
              next_type: s.nextType,
              item_id: s.itemId,
              url: s.url,
            },
            seconds_before_show_next: s.secondsBeforeShowNext,
            seconds_before_move_next: s.secondsBeforeMoveNext,
            next_type_id: s.nextTypeId,
          };
        }),
      })),
    };
  });

  route(app, contract.stepDetail, async (request) => {
    const studyId = await study(request, request.params.id);
    const data = await board.stepOptions(app.db, request.auth.companyId, studyId, request.body.step_type,
      (pageId) => app.signer.sign(snapshotPath(pageId), SNAPSHOT_TTL_SECONDS));
    return { success: true as const, data: data as contract.StepOption[] };
  });

  route(app, contract.createStep, async (request) => {
    const studyId = await study(request, request.params.id);
    const made = await board.createStep(app.db, request.auth.companyId, studyId, request.body);
    return { success: true as const, step_order_id: made.stepId, ...(made.pageId ? { page_id: made.pageId } : {}) };
  });

  route(app, contract.deleteStep, async (request) => {
    const studyId = await study(request, request.params.id);
    await board.deleteStep(app.db, studyId, Number(request.body.step_order_id));
    return { success: true as const };
  });

  route(app, contract.editStep, async (request) => {
    const studyId = await study(request, request.params.id);
    await board.editStep(app.db, studyId, request.body);
    return { success: true as const };
  });

  route(app, contract.reorder, async (request) => {
    const studyId = await study(request, request.params.id);
    await board.reorder(app.db, studyId, request.body);
    return { success: true as const };
  });

  route(app, contract.toggleEditing, async (request) => {
    const studyId = await study(request, request.params.id);
    const allow = await board.setEditing(app.db, studyId, request.body.allow_step_editing ?? 'toggle', request.auth.userId);
    return { success: true as const, allow_step_editing: allow };
  });

  route(app, contract.createCell, async (request) => {
    const studyId = await study(request, request.params.id);
    const cellId = await board.createCell(app.db, studyId, request.body.cell_name, request.body.short_name);
    return { success: true as const, cell_id: cellId };
  });

  route(app, contract.editCell, async (request) => {
    const studyId = await study(request, request.params.id);
    await board.editCell(app.db, studyId, Number(request.body.cell_id), request.body.cell_name, request.body.short_name);
    return { success: true as const };
  });

  route(app, contract.duplicateCell, async (request) => {
    const studyId = await study(request, request.params.id);
    const copy = await board.duplicateCell(app.db, studyId, Number(request.body.cell_id));
    return { success: true as const, cell_id: copy.cellId, cell_name: copy.name, short_name: copy.shortName };
  });

  route(app, contract.orderCachePage, async (request) => {
    const { companyId } = request.auth;
    const url = parsePublicUrl(request.body.url, { protocols: ['http:', 'https:'] });
    if (!url) throw badRequest(contract.INVALID_URL_MESSAGE, { url: contract.INVALID_URL_MESSAGE });
    const name = request.body.name.trim();
    if (!name) throw badRequest('Validation failed', { name: 'Required' });
    const id = await insertCachePage(app.db, companyId, name, request.body.url.trim());
    const job = await app.jobs.enqueue(cachePageJob, { cachePageId: id }, { companyId });
    await setCachePageJob(app.db, id, job.id);
    const row = await findCachePage(app.db, companyId, id);
    return { success: true as const, cache_page_id: id, data: cacheView(app, row!) };
  });

  route(app, contract.getCachePage, async (request) => {
    const row = await findCachePage(app.db, request.auth.companyId, toId(request.params.id));
    if (!row) throw notFound('Cache page not found');
    return { success: true as const, data: cacheView(app, row) };
  });
}
