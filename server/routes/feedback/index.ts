// Messages to the provider: the feedback widget ("Ideas form") and the contact form.
import type { FastifyInstance } from 'fastify';
import { saveContactMessage, saveFeedback } from '../../repositories/messages.js';
import { badRequest } from '../../errors.js';
import { isEmail } from '../common.js';

export const FEEDBACK_MAX = 512;

export default async function feedbackRoutes(app: FastifyInstance) {
  app.post<{ Body: { message: string } }>('/dashboard-feedback', {
    schema: {
      summary: 'Send an idea from the feedback widget',
      description: `message is required (not blank) and at most ${FEEDBACK_MAX} characters. Answers {success:true}.`,
      tags: ['messages'],
      body: {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string', maxLength: FEEDBACK_MAX } },
      },
    },
  }, async (request) => {
    const message = request.body.message.trim();
    if (!message) throw badRequest('Validation failed', { message: 'Required' });
    await saveFeedback(app.db, { companyId: request.auth.companyId, userId: request.auth.userId }, message);
    return { success: true };
  });

  app.post<{ Body: { email: string; message?: string | null } }>('/contact-us', {
    schema: {
      summary: 'Send a message from the contact form',
      description: 'email is required and must be an e-mail address; message is free text. Answers {success:true}.',
      tags: ['messages'],
      body: {
        type: 'object',
        required: ['email'],
        properties: {
          email: { type: 'string', maxLength: 254 },
          message: { type: ['string', 'null'], maxLength: 10_000 },
        },
      },
    },
  }, async (request) => {
    const email = request.body.email.trim();
    if (!email) throw badRequest('Validation failed', { email: 'Required' });
    if (!isEmail(email)) throw badRequest('Validation failed', { email: 'must be a valid e-mail address' });
    await saveContactMessage(app.db, { companyId: request.auth.companyId, userId: request.auth.userId }, email, request.body.message ?? '');
    return { success: true };
  });
}
