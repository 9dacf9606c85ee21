// The signed-in user's own profile (My account).
import type { FastifyInstance } from 'fastify';
import { getUserDetails, updateUserDetails, type ProfileUpdate } from '../../repositories/users.js';
import { badRequest, HttpError, unauthorized } from '../../errors.js';
import { listCompanyUsers } from '../../repositories/password-reset.js';
import { adminReset } from '../../services/password-reset.js';
import { resetRules } from '../auth/reset-rules.js';
import * as contract from '../../../contract/user.js';
import { isEmail, route, toId } from '../common.js';

const PROFILE_FIELDS = ['first_name', 'last_name', 'location', 'job_title', 'phone_number', 'email'] as const;
const REQUIRED_ONCE_SET = ['first_name', 'last_name', 'email'] as const;
export const REQUIRED_MESSAGES: Record<(typeof REQUIRED_ONCE_SET)[number], string> = {
  first_name: 'First name cannot be blank',
  last_name: 'Last name cannot be blank',
  email: 'E-mail cannot be blank',
};
export const EMAIL_INVALID = 'Enter a valid e-mail address, e.g. name@example.com';

export default async function userRoutes(app: FastifyInstance) {
  const details = async (userId: number, actingCompanyId: number) => {
    const user = await getUserDetails(app.db, userId);
    if (!user) throw unauthorized('Invalid or expired token');
    // company_id / company_name stay the user's own; a super user's switch shows separately.
    return { ...user, acting_company_id: actingCompanyId };
  };

  route(app, contract.getDetails, async (request) => details(request.auth.userId, request.auth.companyId));

  route(app, contract.updateDetails, async (request) => {
    const { userId, companyId } = request.auth;
    const stored = await getUserDetails(app.db, userId);
    if (!stored) throw unauthorized('Invalid or expired token');
    // A field left out stays as it is (the legacy client never sends e-mail); a field sent is
    // trimmed, and blank means "none".
    const update: ProfileUpdate = {};
    for (const key of PROFILE_FIELDS) {
      if (!(key in request.body)) continue;
      const value = request.body[key];
      update[key] = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    }
    const errors: Record<string, string> = {};
    // Names and e-mail may change but never go blank once set: a form that posts before it has
    // loaded (or a client bug) cannot wipe a profile.
    for (const key of REQUIRED_ONCE_SET) {
      if (key in update && update[key] === null && (stored[key] ?? '').trim() !== '') errors[key] = REQUIRED_MESSAGES[key];
    }
    if (typeof update.email === 'string' && !isEmail(update.email)) errors.email = EMAIL_INVALID;
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
    await updateUserDetails(app.db, userId, update);
    return { success: true as const, data: await details(userId, companyId) };
  });

  // Admin password reset (issue 38): the acting company's users only (X-Company-Id for a super user).
  route(app, contract.listCompanyUsers, async (request) => ({ data: await listCompanyUsers(app.db, request.auth.companyId) }));

  route(app, contract.resetCompanyUserPassword, async (request) => {
    const { userId, superUser, companyId } = request.auth;
    // The administrator passes the link on: it opens on the dashboard it is using, unless PUBLIC_URL names one.
    const origin = app.config.publicUrl ? new URL(app.config.publicUrl).origin : `${request.protocol}://${request.host}`;
    const result = await adminReset(app.db, { userId, superUser }, companyId, toId(request.params.userId), request.body.mode, origin, app.config.scryptLogN, resetRules);
    if (!result.ok) throw new HttpError(result.status, result.message);
    if (result.mode === 'link') return { success: true as const, mode: result.mode, link: result.link, expires_at: result.expiresAt.toISOString() };
    return { success: true as const, mode: result.mode, temporary_password: result.temporaryPassword };
  });
}
