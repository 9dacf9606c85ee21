// Pieces several route areas share: the id schema (a PostgreSQL integer, so an out-of-range id is
// a 400 rather than a database error), the tenancy check study routes start from, the
// optional-body hook of POST reads and the e-mail check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findCompanyStudy, type CompanyStudy } from '../repositories/studies.js';
import { notFound } from '../errors.js';

export const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const studyParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

/** The study when it belongs to the acting company; 404 otherwise (never 403: no existence leak). */
export async function companyStudy(app: FastifyInstance, request: FastifyRequest, studyId: number): Promise<CompanyStudy> {
  const found = await findCompanyStudy(app.db, request.auth.companyId, studyId);
  if (!found) throw notFound('Study not found');
  return found;
}

/**
 * preValidation hook for POST reads whose body is optional: a call without a body (or with
 * null) is treated as {}, so the schema's defaults apply instead of "body must be object".
 */
export async function optionalBody(request: { body: unknown }): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

// Deliberately plain: one @, no spaces, a dot in the domain. Real checking is sending mail.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (s: string) => s.length <= 254 && EMAIL.test(s);
