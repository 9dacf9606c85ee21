// Messages to the provider: the feedback widget ("Ideas form") and the contact form.
import type { FastifyInstance } from 'fastify';
import { saveContactMessage, saveFeedback } from '../../repositories/messages.js';
import { badRequest } from '../../errors.js';
import * as contract from '../../../contract/feedback.js';
import { isEmail, route } from '../common.js';

export { FEEDBACK_MAX } from '../../../contract/feedback.js';

export default async function feedbackRoutes(app: FastifyInstance) {
  route(app, contract.sendFeedback, async (request) => {
    const message = request.body.message.trim();
    if (!message) throw badRequest('Validation failed', { message: 'Required' });
    await saveFeedback(app.db, { companyId: request.auth.companyId, userId: request.auth.userId }, message);
    return { success: true as const };
  });

  route(app, contract.contactUs, async (request) => {
    const email = request.body.email.trim();
    if (!email) throw badRequest('Validation failed', { email: 'Required' });
    if (!isEmail(email)) throw badRequest('Validation failed', { email: 'must be a valid e-mail address' });
    await saveContactMessage(app.db, { companyId: request.auth.companyId, userId: request.auth.userId }, email, request.body.message ?? '');
    return { success: true as const };
  });
}
