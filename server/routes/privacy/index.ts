// Respondents' privacy (contract/privacy.ts; docs/privacy.md): data-subject requests for
// one study (study users) or the whole acting company (company administrators), and the company's
// retention periods. A reference that matches nothing answers 404 with the same message whether or
// not it exists in another company.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/privacy.js';
import { badRequest, notFound } from '../../errors.js';
import { companyStudy, route, toId, userRoles } from '../common.js';
import { eraseRespondent, exportRespondent, findRespondent } from '../../services/privacy.js';
import { companyRetention, setCompanyRetention, type RespondentScope } from '../../repositories/privacy.js';

/** The reference as typed: surrounding spaces (a paste from a spreadsheet) are not part of it. */
function referenceOf(body: { reference: string }): string {
  const reference = body.reference.trim();
  if (!reference) throw badRequest('Validation failed', { reference: contract.PRIVACY_MESSAGES.referenceRequired });
  return reference;
}

export default async function privacyRoutes(app: FastifyInstance) {
  const db = app.db;
  const studyScope = async (request: FastifyRequest, id: string): Promise<RespondentScope> => {
    const s = await companyStudy(app, request, toId(id));
    return { companyId: request.auth.companyId, studyId: s.id };
  };
  const companyScope = (request: FastifyRequest): RespondentScope => ({ companyId: request.auth.companyId, studyId: null });

  const find = async (scope: RespondentScope, reference: string) => {
    const data = await findRespondent(db, scope, reference);
    if (!data.length) throw notFound(contract.PRIVACY_MESSAGES.notFound);
    return { success: true as const, reference, data };
  };
  const exportOf = async (scope: RespondentScope, reference: string) => {
    const out = await exportRespondent(db, scope, reference);
    if (!out) throw notFound(contract.PRIVACY_MESSAGES.notFound);
    return { success: true as const, ...out };
  };
  const erase = async (scope: RespondentScope, reference: string, userId: number) => {
    const out = await eraseRespondent(db, scope, reference, userId);
    if (!out) throw notFound(contract.PRIVACY_MESSAGES.notFound);
    return { success: true as const, ...out };
  };

  route(app, contract.findStudyRespondent, async (request) => find(await studyScope(request, request.params.id), referenceOf(request.body)));
  route(app, contract.exportStudyRespondent, async (request) => exportOf(await studyScope(request, request.params.id), referenceOf(request.body)));
  route(app, contract.eraseStudyRespondent, async (request) => erase(await studyScope(request, request.params.id), referenceOf(request.body), request.auth.userId));
  route(app, contract.findCompanyRespondent, async (request) => find(companyScope(request), referenceOf(request.body)));
  route(app, contract.exportCompanyRespondent, async (request) => exportOf(companyScope(request), referenceOf(request.body)));
  route(app, contract.eraseCompanyRespondent, async (request) => erase(companyScope(request), referenceOf(request.body), request.auth.userId));

  const retentionView = async (request: FastifyRequest) => {
    const r = await companyRetention(db, request.auth.companyId);
    const roles = userRoles(request.auth);
    return { success: true as const, raw_gaze_days: r.rawGazeDays, study_days: r.studyDays, can_edit: roles.includes('company_admin') || roles.includes('super_user') };
  };
  route(app, contract.getRetention, async (request) => retentionView(request));
  route(app, contract.setRetention, async (request) => {
    await setCompanyRetention(db, request.auth.companyId, { rawGazeDays: request.body.raw_gaze_days, studyDays: request.body.study_days });
    return retentionView(request);
  });
}
