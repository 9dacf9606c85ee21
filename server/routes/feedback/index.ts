// Messages to the provider: the feedback widget ("Ideas form") and the contact form. The widget's
// call is also served at the root, /dashboard-feedback, where the legacy client posts it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { saveContactMessage, saveFeedback } from '../../repositories/messages.js';
import { badRequest } from '../../errors.js';
import * as contract from '../../../contract/feedback.js';
import { isEmail, route } from '../common.js';

export { FEEDBACK_MAX } from '../../../contract/feedback.js';

/** This area's default plugin is mounted at the root; its /v1.0 routes are the `v1` plugin. */
export const mount = 'root';

/** What the server says of a malformed e-mail (the contact form shows it next to the field). */
export const EMAIL_REQUIRED = 'Enter your e-mail address';
export const EMAIL_INVALID = 'Enter a valid e-mail address, e.g. name@example.com';

async function feedback(app: FastifyInstance, request: FastifyRequest, body: { message: string }) {
  const message = body.message.trim();
  if (!message) throw badRequest('Validation failed', { message: 'Required' });
  await saveFeedback(app.db, { companyId: request.auth.companyId, userId: request.auth.userId }, message);
  return { success: true as const };
}

export default async function legacyFeedbackRoutes(app: FastifyInstance) {
  route(app, contract.sendFeedbackLegacy, async (request) => feedback(app, request, request.body));
}

export async function v1(app: FastifyInstance) {
  route(app, contract.sendFeedback, async (request) => feedback(app, request, request.body));

  route(app, contract.contactUs, async (request) => {
    const email = request.body.email.trim();
    if (!email) throw badRequest(EMAIL_REQUIRED, { email: EMAIL_REQUIRED });
    if (!isEmail(email)) throw badRequest(EMAIL_INVALID, { email: EMAIL_INVALID });
    await saveContactMessage(app.db, { companyId: request.auth.companyId, userId: request.auth.userId }, email, request.body.message ?? '');
    return { success: true as const };
  });
}
