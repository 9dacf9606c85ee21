// One error handler for the whole API: validation errors name their fields, every other error
// keeps its status and message, and no response ever carries a stack trace. Answers follow the
// contract's ErrorEnvelope {success:false, message, errors?}.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../errors.js';
import { InvalidInput } from '../domain/errors.js';
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
