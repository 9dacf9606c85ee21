// Pieces several route areas share: `route` (registers one contract operation with its typed
// handler and enforces its roles), the tenancy check study routes start from, the optional-body hook of POST reads and
// the e-mail check. Schemas live in contract/, never here.
import { PassThrough } from 'node:stream';
import type {
  ContextConfigDefault, FastifyInstance, FastifyReply, FastifyRequest, RawReplyDefaultExpression,
  RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteHandlerMethod, RouteOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { operationProblems, SMALL_BODY_LIMIT, type AnyOperation, type Operation, type OperationSpec, type Role } from '../../contract/common.js';
import { findCompanyStudy, type CompanyStudy } from '../repositories/studies.js';
import { forbidden, notFound } from '../errors.js';

export type Handler<S extends OperationSpec> = RouteHandlerMethod<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault,
  Operation<S>['schema'], TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation the route was registered from (conventions test, auth). */
    operation?: AnyOperation;
    /** A route that is deliberately no API operation (the JSON 404 catch-all). */
    notAnOperation?: boolean;
  }
}

/**
 * onRoute hook of the routes plugin: every route comes from a complete contract operation, or the
 * server does not start. HEAD twins of GET routes share their operation.
 */
export function requireOperation(options: RouteOptions): void {
  if (options.config?.notAnOperation) return;
  const op = options.config?.operation;
  if (!op) throw new Error(`${String(options.method)} ${options.url}: register routes from a contract operation (route(app, op, handler))`);
  const problems = operationProblems(op);
  if (problems.length) throw new Error(`${op.operationId} (${op.method} ${op.path}): ${problems.join('; ')}`);
}

/**
 * preParsing hook of operations with a small body (contract bodyLimit ≤ SMALL_BODY_LIMIT): the body
 * must have arrived `ms` after its headers, else 408 and the connection is closed. A client
 * trickling a byte now and then holds a sign-in for seconds, not the whole request timeout.
 */
export function bodyDeadline(ms: number) {
  return async function bodyDeadline(request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream & { receivedEncodedLength?: number }) {
    // A body already read whole (app.inject) needs no deadline.
    if (request.raw.complete) return payload;
    const body = new PassThrough();
    // The body parser listens for the 408 below; when nobody reads the body (the request was
    // answered before parsing, e.g. 415 or 401) an error without a listener would end the process.
    body.on('error', () => {});
    const timer = setTimeout(() => {
      if (reply.sent) return;
      reply.header('connection', 'close');
      payload.unpipe(body);
      body.destroy(Object.assign(new Error('Request body not received in time'), { statusCode: 408 }));
    }, ms);
    const done = () => clearTimeout(timer);
    payload.once('end', done);
    payload.once('error', done);
    // The client went away, or the request was answered: nothing left to wait for.
    payload.once('close', done);
    reply.raw.once('close', done);
    body.once('close', done);
    payload.pipe(body);
    return body;
  };
}

/** Route options a registration may add (hooks that run before validation). */
export type RouteExtras = Pick<RouteOptions, 'onRequest' | 'preValidation' | 'compress'>;

/** What a user who is not a company administrator gets from a company-settings operation (403). */
export const COMPANY_ADMIN_MESSAGE = 'Only company administrators may change this';

/** The signed-in roles of a request's user: super users also hold the role of their user type. */
export function userRoles(auth: { userTypeId: number; superUser: boolean; companyAdmin?: boolean }): Role[] {
  const own: Role = auth.userTypeId === 1 ? 'study_user' : 'batch_user';
  const roles: Role[] = auth.superUser ? ['super_user', own] : [own];
  if (auth.companyAdmin) roles.push('company_admin');
  return roles;
}

/**
 * onRequest hook (after the auth plugin's): a signed-in caller whose roles are not among the
 * operation's answers 403, before validation, so a refused role learns nothing about the body.
 * Operations without a token role (public, signed URL, collection key) have no signed-in caller.
 */
function requireRole(roles: readonly Role[]) {
  const message = roles.includes('company_admin') && !roles.includes('study_user') && !roles.includes('batch_user')
    ? COMPANY_ADMIN_MESSAGE
    : roles.includes('batch_user') && !roles.includes('study_user')
    ? 'Only batch users may use this'
    : roles.includes('study_user') && !roles.includes('batch_user') ? 'Only study users may use this' : 'Not allowed for your role';
  return async function roleCheck(request: FastifyRequest): Promise<void> {
    if (!request.auth) return;
    if (!userRoles(request.auth).some((r) => roles.includes(r))) throw forbidden(message);
  };
}

/**
 * Registers one contract operation. The path comes from the contract (minus the prefix of the
 * plugin registering it), so the served URL, the schema and the OpenAPI entry cannot drift apart.
 */
export function route<S extends OperationSpec>(app: FastifyInstance, op: Operation<S>, handler: Handler<S>, extras: RouteExtras = {}): void {
  const prefix = app.prefix ?? '';
  if (!op.path.startsWith(prefix)) throw new Error(`${op.operationId}: ${op.path} registered under ${prefix}`);
  const preValidation = [
    ...(op.optionalBody ? [optionalBody] : []),
    ...(extras.preValidation ? [extras.preValidation].flat() : []),
  ];
  // Route-level onRequest hooks run after the global ones, so request.auth is set by then.
  const onRequest = [
    ...(op.public ? [] : [requireRole(op.roles)]),
    ...(extras.onRequest ? [extras.onRequest].flat() : []),
  ];
  const small = op.bodyLimit !== undefined && op.bodyLimit <= SMALL_BODY_LIMIT;
  // Bare instances (the conventions suite's) have no config: no deadline there.
  const smallBodyMs = app.config?.timeouts?.smallBodyMs;
  app.route({
    method: op.method,
    url: op.path.slice(prefix.length) || '/',
    schema: op.schema,
    config: { public: op.public, operation: op as unknown as AnyOperation },
    // A declared limit refuses a longer body with 413 before a byte of it is parsed.
    ...(op.bodyLimit !== undefined ? { bodyLimit: op.bodyLimit } : {}),
    ...(small && smallBodyMs ? { preParsing: bodyDeadline(smallBodyMs) } : {}),
    ...(onRequest.length ? { onRequest } : {}),
    ...(preValidation.length ? { preValidation } : {}),
    ...(extras.compress !== undefined ? { compress: extras.compress } : {}),
    handler: handler as RouteHandlerMethod,
  });
}

/** A path or query id (a decimal string the contract's pattern has checked) as a number. */
export const toId = (s: string): number => Number(s);

/** The study when it belongs to the acting company; 404 otherwise (never 403: no existence leak). */
export async function companyStudy(app: FastifyInstance, request: FastifyRequest, studyId: number): Promise<CompanyStudy> {
  const found = await findCompanyStudy(app.db, request.auth.companyId, studyId);
  if (!found) throw notFound('Study not found');
  return found;
}

/**
 * preValidation hook for POST reads whose body is optional: a call without a body (or with
 * null) is treated as {}, so the schema's optional fields apply instead of "body must be object".
 */
export async function optionalBody(request: { body: unknown }): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

// Deliberately plain: one @, no spaces, a dot in the domain. Real checking is sending mail.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (s: string) => s.length <= 254 && EMAIL.test(s);

