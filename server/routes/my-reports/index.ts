// My Reports (contract/my-reports.ts): report rows and panels of the acting company, saving a
// report view as a panel, and the embeddable URL of a panel (an embed token, services/embed-tokens).
// A panel's target is the report view as a query string: report_type=…&stims=cell:step:study:stim|…
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/my-reports.js';
import { badRequest, notFound } from '../../errors.js';
import { companyStudy, route, toId } from '../common.js';
import * as repo from '../../repositories/my-reports.js';
import { studyStims } from '../../repositories/reports.js';
import { issueEmbedToken, revokePanelEmbeds } from '../../services/embed-tokens.js';
import { requestOrigin } from '../../storage/index.js';

interface Target {
  /** Set when the target is a report builder address (/my_studies/overview/{id}/reports?…). */
  studyId?: number;
  reportType: string;
  stims: string[];
}

const STIM_KEY = new RegExp(contract.STIM_KEY_PATTERN);
/** Our query-string form, or a report builder address (seeded rows; its stims are names, not kept). */
const parseTarget = (target: string): Target => {
  const path = /^\/my_studies\/overview\/([1-9][0-9]{0,9})\/reports\?(.*)$/.exec(target);
  const q = new URLSearchParams(path ? path[2] : target);
  return {
    ...(path ? { studyId: Number(path[1]) } : {}),
    reportType: q.get('report_type') ?? '',
    stims: (q.get('stims') ?? '').split('|').filter((k) => STIM_KEY.test(k)),
  };
};
const PER_STIM = ['compare', 'kpi', 'feature'];
const formatTarget = (t: Target): string => new URLSearchParams({ report_type: t.reportType, stims: t.stims.join('|') }).toString();
const panelRef = (id: number) => `report-panels/${id}`;
/** report-panels/{id}, /report-panels/{id} or a bare id; null for anything else. */
function panelIdOf(panelUrl: string): number | null {
  const m = /^\/?(?:report-panels\/)?([1-9][0-9]{0,9})$/.exec(panelUrl.trim());
  const id = m ? Number(m[1]) : NaN;
  return Number.isInteger(id) && id <= 2147483647 ? id : null;
}

const panelView = (p: repo.PanelRow): contract.ReportPanelView => ({
  id: p.id, name: p.name, url: panelRef(p.id), study_id: p.rowStudyId ?? parseTarget(p.target).studyId ?? null, report_type: parseTarget(p.target).reportType,
});

function details(list: Awaited<ReturnType<typeof repo.companyPanels>>): contract.ReportDetailsResponse {
  return {
    success: true,
    rows: list.rows.map((r) => ({ id: r.id, name: r.name, study_id: r.studyId, panels: list.panels.filter((p) => p.rowId === r.id).map(panelView) })),
  };
}

export default async function myReportsRoutes(app: FastifyInstance) {
  const db = app.db;
  const origin = (request: FastifyRequest) => (app.config.publicUrl ?? requestOrigin(request)).replace(/\/+$/, '');

  /** Issues the panel's embed token and answers the report page address carrying it. */
  async function signedUrl(request: FastifyRequest, panel: repo.PanelRow | null): Promise<contract.ReportUrlResponse> {
    if (!panel) throw notFound('Report not found');
    const target = parseTarget(panel.target);
    const studyId = panel.rowStudyId ?? target.studyId;
    if (!studyId) throw notFound('Report not found');
    // A company row's panel names its study in its target: that study must be the company's too.
    await companyStudy(app, request, studyId);
    // A per-stim report saved without stims (a study-wide compare) shows every placed stim.
    const stims = target.stims.length || !PER_STIM.includes(target.reportType)
      ? target.stims
      : (await studyStims(db, studyId)).map((p) => `${p.cellId}:${p.stepId}:${studyId}:${p.stimId}`);
    const stimIds = stims.map((k) => Number(k.split(':')[3]));
    const { token, expiresAt } = await issueEmbedToken(db, {
      companyId: request.auth.companyId, createdBy: request.auth.userId, studyId,
      reportPanelId: panel.id, reportKind: target.reportType, stimIds,
    });
    const q = new URLSearchParams({ study: String(studyId), report_type: target.reportType, stims: [...new Set(stims)].join('|'), name: panel.name, token });
    return { success: true, url: `${origin(request)}/embed/report?${q.toString()}`, expires_at: expiresAt.toISOString() };
  }

  route(app, contract.userReportDetails, async (request) => details(await repo.companyPanels(db, request.auth.companyId)));

  route(app, contract.studyReportDetails, async (request) => {
    const s = await companyStudy(app, request, toId(request.params.id));
    return details(await repo.companyPanels(db, request.auth.companyId, s.id));
  });

  route(app, contract.userReportUrl, async (request) => {
    const id = panelIdOf(request.query.panel_url);
    return signedUrl(request, id === null ? null : await repo.companyPanel(db, request.auth.companyId, id));
  });

  route(app, contract.studyReportUrl, async (request) => {
    const s = await companyStudy(app, request, toId(request.params.id));
    const id = panelIdOf(request.query.panel_url);
    return signedUrl(request, id === null ? null : await repo.companyPanel(db, request.auth.companyId, id, s.id));
  });

  route(app, contract.savePanel, async (request) => {
    const s = await companyStudy(app, request, toId(request.params.id));
    const body = request.body;
    const name = body.name.trim();
    const rowName = body.row_name?.trim() || contract.DEFAULT_ROW_NAME;
    const errors: Record<string, string> = {};
    if (!name) errors.name = 'Name required';
    const stims = [...new Set(body.stims)];
    const perStim = body.report_type === 'compare' || body.report_type === 'kpi' || body.report_type === 'feature';
    if (perStim && !stims.length) errors.stims = 'Please select at least one stim';
    if (stims.length) {
      const placed = new Set((await studyStims(db, s.id)).map((p) => `${p.cellId}:${p.stepId}:${s.id}:${p.stimId}`));
      const stray = stims.filter((k) => !placed.has(k));
      if (stray.length) errors.stims = `Not stims of this study: ${stray.join(', ')}`;
    }
    if (Object.keys(errors).length) throw badRequest('Validation failed', errors);
    const target = formatTarget({ reportType: body.report_type, stims: perStim ? stims : [] });
    const { rowId, panelId } = await repo.addPanel(db, request.auth.companyId, s.id, rowName, name, target);
    return { success: true as const, row_id: rowId, panel: { id: panelId, name, url: panelRef(panelId), study_id: s.id, report_type: body.report_type } };
  });

  route(app, contract.deletePanel, async (request) => {
    if (!(await repo.deletePanel(db, request.auth.companyId, toId(request.params.panelId)))) throw notFound('Report not found');
    return { success: true as const };
  });

  route(app, contract.revokePanelUrls, async (request) => {
    const panel = await repo.companyPanel(db, request.auth.companyId, toId(request.params.panelId));
    if (!panel) throw notFound('Report not found');
    return { success: true as const, revoked: await revokePanelEmbeds(db, request.auth.companyId, panel.id) };
  });
}
