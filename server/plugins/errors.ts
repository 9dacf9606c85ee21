// One error handler for the whole API: validation errors name their fields, every other error
// keeps its status and message, and no response ever carries a stack trace.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../errors.js';
import { InvalidInput } from '../domain/errors.js';

function fieldName(e: { instancePath?: string; params?: Record<string, unknown> }, context?: string): string {
  const missing = e.params?.missingProperty ?? e.params?.additionalProperty;
  const fromPath = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const name = [fromPath, typeof missing === 'string' ? missing : ''].filter(Boolean).join('.');
  return name || context || 'body';
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & Partial<HttpError>, request, reply) => {
    if (err.validation) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        errors[fieldName(v as never, err.validationContext)] = v.message ?? 'is invalid';
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
