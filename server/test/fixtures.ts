// Shared test fixtures: companies, users, sign-in and headers. Any server test may import these.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { appUser, company } from '../db/schema/index.js';
import { hashPassword } from '../auth/password.js';

const unique = () => randomBytes(4).toString('hex');

export interface CompanyInput {
  name?: string;
  internalId?: string;
  logoUrl?: string | null;
}

export async function createCompany(db: Db, input: CompanyInput = {}): Promise<{ id: number; name: string; internalId: string }> {
  const name = input.name ?? `Company ${unique()}`;
  const internalId = input.internalId ?? `co-${unique()}`;
  const [row] = await db.insert(company).values({ name, internalId, logoUrl: input.logoUrl ?? null }).returning();
  return { id: row.id, name: row.name, internalId: row.internalId };
}

export interface UserInput {
  companyId: number;
  username?: string;
  password?: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  userTypeId?: number;
  superUser?: boolean;
  companyAdmin?: boolean;
}

export const DEFAULT_PASSWORD = 'correct horse battery';
/**
 * Test users' scrypt cost, and testApp's (so sign-in redoes no hash): N = 2^14 takes ~50 ms where
 * the default 2^17 takes ~0.5 s, over a hundred sign-ins a run. routes/auth.test.ts proves the default.
 */
export const TEST_SCRYPT_LOG_N = 14;

/** A user with a real scrypt hash, so tests sign in through POST /v1.0/auth-token. */
export async function createUser(db: Db, input: UserInput): Promise<{ id: number; username: string; password: string; companyId: number }> {
  const username = input.username ?? `user-${unique()}`;
  const password = input.password ?? DEFAULT_PASSWORD;
  const [row] = await db.insert(appUser).values({
    companyId: input.companyId,
    username,
    passwordHash: await hashPassword(password, TEST_SCRYPT_LOG_N),
    firstName: input.firstName === undefined ? 'Test' : input.firstName,
    lastName: input.lastName === undefined ? 'User' : input.lastName,
    email: input.email === undefined ? `${username}@example.com` : input.email,
    userTypeId: input.userTypeId ?? 1,
    superUser: input.superUser ?? false,
    companyAdmin: input.companyAdmin ?? false,
  }).returning();
  return { id: row.id, username, password, companyId: row.companyId };
}

/** Signs in through the API and returns the token (throws with the response when it fails). */
export async function signIn(app: FastifyInstance, username: string, password: string = DEFAULT_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1.0/auth-token', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** Authorization (and, for a super user acting for another company, X-Company-Id) headers. */
export function authHeaders(token: string, companyId?: number): Record<string, string> {
  return companyId === undefined
    ? { authorization: `Token ${token}` }
    : { authorization: `Token ${token}`, 'x-company-id': String(companyId) };
}
