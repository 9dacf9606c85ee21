// One error handler for the whole API: validation errors name their fields, every other error
// keeps its status and message, and no response ever carries a stack trace. Answers follow the
// contract's ErrorEnvelope {success:false, message, errors?}. A database error that slips past the
// contract and the domain checks becomes a 400/409 by its SQLSTATE class and is logged as a bug.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../errors.js';
import { InvalidInput, findDatabaseError, type DatabaseErrorFields } from '../domain/errors.js';
import { PATTERN_MESSAGES } from '../../contract/common.js';

interface SchemaError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const dotted = (instancePath: string | undefined) => (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');

/** Field name(s) → message of one validation error (TypeBox names missing fields in a list). */
export function fieldErrors(e: SchemaError, context?: string): [string, string][] {
  const base = dotted(e.instancePath);
  const join = (name: string) => [base, name].filter(Boolean).join('.');
  const required = e.params?.requiredProperties ?? e.params?.missingProperty;
  if (e.keyword === 'required' && required !== undefined) {
    return [required].flat().map((name) => [join(String(name)), 'is required']);
  }
  const extra = e.params?.additionalProperties ?? e.params?.additionalProperty;
  if (e.keyword === 'additionalProperties' && extra !== undefined) {
    return [extra].flat().map((name) => [join(String(name)), 'is not allowed']);
  }
  const pattern = typeof e.params?.pattern === 'string' ? PATTERN_MESSAGES[e.params.pattern] : undefined;
  return [[base || context || 'body', pattern ?? e.message ?? 'is invalid']];
}

/** Column names of "Key (a, b)=(…)" in a constraint's detail; the values are never echoed. */
const keyColumns = (detail?: string) => /Key \(([^)]*)\)/.exec(detail ?? '')?.[1].split(',').map((c) => c.trim()) ?? [];

/**
 * The answer to a database error a request caused (SQLSTATE classes 22 data exception, 23
 * integrity constraint violation); null for anything else (a server fault stays a 500).
 */
export function mapDatabaseError(db: DatabaseErrorFields): { status: 400 | 409; message: string; errors?: Record<string, string> } | null {
  const fields = (cols: string[], message: string) => (cols.length ? { errors: Object.fromEntries(cols.map((c) => [c, message])) } : {});
  if (db.code.startsWith('22')) return { status: 400, message: 'Invalid value', ...fields(db.column ? [db.column] : [], 'is invalid') };
  switch (db.code) {
    case '23502':
      return { status: 400, message: 'A required value is missing', ...fields(db.column ? [db.column] : [], 'is required') };
    case '23503':
      // The row still has dependants (a delete or key change): the current state conflicts. Otherwise
      // the request named a row that does not exist.
      return /still referenced/.test(db.detail ?? '')
        ? { status: 409, message: 'Still in use by other records' }
        : { status: 400, message: 'Refers to a record that does not exist', ...fields(keyColumns(db.detail), 'does not exist') };
    case '23505':
      return { status: 409, message: 'Already exists', ...fields(keyColumns(db.detail), 'is already taken') };
    case '23514':
      return { status: 400, message: 'Invalid value', ...fields(db.column ? [db.column] : [], 'is invalid') };
    default:
      return db.code.startsWith('23') ? { status: 409, message: 'Conflicts with existing records' } : null;
  }
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & Partial<HttpError>, request, reply) => {
    if (err.validation) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        for (const [field, message] of fieldErrors(v as SchemaError, err.validationContext)) errors[field] ??= message;
      }
      return reply.status(400).send({ success: false, message: 'Validation failed', errors });
    }
    // Domain checks (analytics, services) know no HTTP: a bad input is a 400 with its fields.
    if (err instanceof InvalidInput) {
      return reply.status(400).send({ success: false, message: err.message, errors: err.errors });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    const dbError = findDatabaseError(err);
    const mapped = dbError && mapDatabaseError(dbError);
    if (mapped) {
      // The contract or a domain check should have refused this input before SQL saw it: a bug to
      // fix (add the bound or check), but the client still gets a clear 4xx, not a 500.
      request.log.error({ err, sqlstate: dbError.code, table: dbError.table, constraint: dbError.constraint, bug: true },
        `database error ${dbError.code} not caught by validation (bug)`);
      return reply.status(mapped.status).send({ success: false, message: mapped.message, ...(mapped.errors ? { errors: mapped.errors } : {}) });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    // Fastify's own client errors (malformed JSON, body too large, bad content type) keep their
    // message; server errors never leak details.
    const message = status >= 500 ? 'Internal server error' : err.message;
    return reply.status(status).send({ success: false, message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
});
