// My Downloads (contract/downloads.ts): records of browser-built downloads, the caller's list
// with signed links, and the queued export of a whole study's participant data.
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/downloads.js';
import { notFound } from '../../errors.js';
import { companyStudy, route, toId } from '../common.js';
import * as repo from '../../repositories/my-reports.js';
import { publicUrl } from '../../storage/index.js';
import { exportParticipantsJob } from '../../jobs/export-participants.js';

export default async function downloadsRoutes(app: FastifyInstance) {
  const db = app.db;
  const view = (d: repo.DownloadRow): contract.DownloadView => ({
    id: d.id, name: d.name, kind: d.kind, study_id: d.studyId, study_name: d.studyName, status: d.status, progress: d.progress,
    size: d.sizeBytes, url: d.status === 'done' && d.storageKey ? publicUrl(app, d.storageKey) : null, error: d.error,
    created_at: new Date(d.createdAt).toISOString(),
  });
  /** The caller's own record in the acting company, or 404. */
  async function own(companyId: number, userId: number, id: number) {
    const d = await repo.downloadById(db, id);
    const mine = d && (await repo.downloadOwner(db, id));
    if (!d || !mine || mine.companyId !== companyId || mine.userId !== userId) throw notFound('Download not found');
    return d;
  }

  route(app, contract.recordDownload, async (request) => {
    const b = request.body;
    const studyId = b.study_id ? (await companyStudy(app, request, b.study_id)).id : null;
    const id = await repo.insertDownload(db, {
      companyId: request.auth.companyId, userId: request.auth.userId, studyId, name: b.name.trim() || 'download', kind: b.kind,
      status: 'done', sizeBytes: b.size, progress: 100,
    });
    return { success: true as const, download: view((await repo.downloadById(db, id))!) };
  });

  route(app, contract.listDownloads, async (request) => {
    const page = Number(request.query.page_num ?? 1);
    const size = Number(request.query.results_per_page ?? 10);
    const { rows, total } = await repo.userDownloads(db, request.auth.companyId, request.auth.userId, page, size);
    return { success: true as const, data: rows.map(view), total, page_num: page, total_pages: Math.max(1, Math.ceil(total / size)) };
  });

  route(app, contract.getDownload, async (request) => ({
    success: true as const, download: view(await own(request.auth.companyId, request.auth.userId, toId(request.params.downloadId))),
  }));

  route(app, contract.exportParticipants, async (request) => {
    const s = await companyStudy(app, request, toId(request.params.id));
    // A second click while the export runs answers the running one instead of queuing another.
    const running = await repo.unfinishedExport(db, request.auth.companyId, request.auth.userId, s.id);
    if (running?.jobId) return { success: true as const, job_id: running.jobId, download: view((await repo.downloadById(db, running.id))!) };
    const id = await repo.insertDownload(db, {
      companyId: request.auth.companyId, userId: request.auth.userId, studyId: s.id, name: `participant-data-study-${s.id}.csv`, kind: 'export',
      status: 'queued', sizeBytes: null, progress: 0,
    });
    const job = await app.jobs.enqueue(exportParticipantsJob, { downloadId: id, studyId: s.id }, { companyId: request.auth.companyId });
    await repo.updateDownload(db, id, { jobId: job.id });
    return { success: true as const, job_id: job.id, download: view((await repo.downloadById(db, id))!) };
  });
}
