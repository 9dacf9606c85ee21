// The participant demographic summary of a study (spec document 1). Schemas: contract/demographics.ts.
import type { FastifyInstance } from 'fastify';
import { demographicSummary, type DemographicKind } from '../../repositories/demographics.js';
import * as contract from '../../../contract/demographics.js';
import { companyStudy, route, toId } from '../common.js';

const truthy = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase()));

export default async function demographicRoutes(app: FastifyInstance) {
  route(app, contract.summary, async (request) => {
    const found = await companyStudy(app, request, toId(request.params.id));
    const b = request.body;
    const groups: Partial<Record<DemographicKind, number[]>> = {
      age_group: b.age_group_ids ?? [],
      family_group: b.family_group_ids ?? [],
      earnings_group: b.earnings_group_ids ?? [],
      gender_group: b.genders_group_ids ?? [],
    };
    const { summary, total } = await demographicSummary(app.db, found.id, { eyetrackingOnly: truthy(b.limit_to_eyetracking), groups });
    return { success: true as const, data: summary, study_id: found.id, study_name: found.name, total };
  });
}
