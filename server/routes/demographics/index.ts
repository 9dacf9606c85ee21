// The participant demographic summary of a study (spec document 1), in the legacy client's shape
// (contract/demographics.ts; docs/api.md "Legacy client compatibility").
import type { FastifyInstance } from 'fastify';
import { demographicSummary, DEMOGRAPHIC_KINDS, type DemographicKind } from '../../repositories/demographics.js';
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
    const { summary, cells, total } = await demographicSummary(app.db, found.id, { eyetrackingOnly: truthy(b.limit_to_eyetracking), groups });
    const data: Record<string, unknown> = {};
    for (const kind of DEMOGRAPHIC_KINDS) {
      const key = contract.SUMMARY_KEYS[kind];
      data[key] = summary[kind].map((g) => ({ id: g.id, name: g.name, [kind]: g.name, count: g.count }));
      data[`${key}_cell`] = cells[kind].map((c) => ({
        cell_id: c.cell_id, cell_name: c.cell_name, data: c.groups.map((g) => ({ id: g.id, description: g.name, count: g.count })),
      }));
    }
    return { success: true as const, data: [data as contract.DemographicSummary], study_id: found.id, study_name: found.name, total };
  });
}
