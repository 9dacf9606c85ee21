// The signed-in user's own profile (My account).
import type { FastifyInstance } from 'fastify';
import { getUserDetails, updateUserDetails, type ProfileUpdate } from '../../repositories/users.js';
import { badRequest, unauthorized } from '../../errors.js';
import { isEmail } from '../common.js';

const nullableText = { type: ['string', 'null'], maxLength: 1000 } as const;

const profileBody = {
  type: 'object',
  properties: {
    first_name: nullableText,
    last_name: nullableText,
    location: nullableText,
    job_title: nullableText,
    phone_number: nullableText,
    email: { type: ['string', 'null'], maxLength: 254, description: 'Validated as an e-mail address when not empty.' },
  },
} as const;

export default async function userRoutes(app: FastifyInstance) {
  const details = async (userId: number, actingCompanyId: number) => {
    const user = await getUserDetails(app.db, userId);
    if (!user) throw unauthorized('Invalid or expired token');
    // company_id / company_name stay the user's own; a super user's switch shows separately.
    return { ...user, acting_company_id: actingCompanyId };
  };

  app.get('/user/get-details', {
    schema: {
      summary: "The signed-in user's profile",
      description: 'Top-level fields first_name, last_name, location, job_title, phone_number, email, username, company_name, company_id, user_type_id, super_user, plus id and acting_company_id (the X-Company-Id in effect, else the own company).',
      tags: ['user'],
    },
  }, async (request) => details(request.auth.userId, request.auth.companyId));

  app.post<{ Body: ProfileUpdate }>('/user/update-details', {
    schema: {
      summary: "Update the signed-in user's profile",
      description: 'Only the fields sent are changed. Answers {success:true, data:user}.',
      tags: ['user'],
      body: profileBody,
    },
  }, async (request) => {
    const body = { ...request.body };
    if (typeof body.email === 'string') {
      const email = body.email.trim();
      if (email !== '' && !isEmail(email)) throw badRequest('Validation failed', { email: 'must be a valid e-mail address' });
      body.email = email === '' ? null : email;
    }
    const update: ProfileUpdate = {};
    for (const key of ['first_name', 'last_name', 'location', 'job_title', 'phone_number', 'email'] as const) {
      if (key in body) update[key] = body[key];
    }
    await updateUserDetails(app.db, request.auth.userId, update);
    return { success: true, data: await details(request.auth.userId, request.auth.companyId) };
  });
}
