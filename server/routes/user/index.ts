// The signed-in user's own profile (My account).
import type { FastifyInstance } from 'fastify';
import { getUserDetails, updateUserDetails, type ProfileUpdate } from '../../repositories/users.js';
import { badRequest, unauthorized } from '../../errors.js';
import * as contract from '../../../contract/user.js';
import { isEmail, route } from '../common.js';

export default async function userRoutes(app: FastifyInstance) {
  const details = async (userId: number, actingCompanyId: number) => {
    const user = await getUserDetails(app.db, userId);
    if (!user) throw unauthorized('Invalid or expired token');
    // company_id / company_name stay the user's own; a super user's switch shows separately.
    return { ...user, acting_company_id: actingCompanyId };
  };

  route(app, contract.getDetails, async (request) => details(request.auth.userId, request.auth.companyId));

  route(app, contract.updateDetails, async (request) => {
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
    return { success: true as const, data: await details(request.auth.userId, request.auth.companyId) };
  });
}
