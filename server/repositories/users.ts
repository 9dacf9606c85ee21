// Users, their companies and failed sign-ins (the sign-in rate limit lives in the database so
// every server process behind a load balancer sees the same counts).
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, company, loginAttempt } from '../db/schema/index.js';

export interface Credentials {
  id: number;
  passwordHash: string;
}

export async function findCredentials(db: Db, username: string): Promise<Credentials | null> {
  const rows = await db
    .select({ id: appUser.id, passwordHash: appUser.passwordHash })
    .from(appUser)
    .where(eq(appUser.username, username))
    .limit(1);
  return rows[0] ?? null;
}

/** The user object of GET /user/get-details (spec field names). */
export interface UserDetails {
  id: number;
  first_name: string | null;
  last_name: string | null;
  location: string | null;
  job_title: string | null;
  phone_number: string | null;
  email: string | null;
  username: string;
  company_name: string;
  company_id: number;
  user_type_id: number;
  super_user: boolean;
  company_admin: boolean;
}

export async function getUserDetails(db: Db, userId: number): Promise<UserDetails | null> {
  const rows = await db
    .select({
      id: appUser.id,
      first_name: appUser.firstName,
      last_name: appUser.lastName,
      location: appUser.location,
      job_title: appUser.jobTitle,
      phone_number: appUser.phoneNumber,
      email: appUser.email,
      username: appUser.username,
      company_name: company.name,
      company_id: appUser.companyId,
      user_type_id: appUser.userTypeId,
      super_user: appUser.superUser,
      company_admin: appUser.companyAdmin,
    })
    .from(appUser)
    .innerJoin(company, eq(company.id, appUser.companyId))
    .where(eq(appUser.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export interface ProfileUpdate {
  first_name?: string | null;
  last_name?: string | null;
  location?: string | null;
  job_title?: string | null;
  phone_number?: string | null;
  email?: string | null;
}

/** Saves only the fields present, so a client that omits e-mail (the legacy one) keeps it. */
export async function updateUserDetails(db: Db, userId: number, p: ProfileUpdate): Promise<void> {
  const set: Partial<typeof appUser.$inferInsert> = {};
  if (p.first_name !== undefined) set.firstName = p.first_name;
  if (p.last_name !== undefined) set.lastName = p.last_name;
  if (p.location !== undefined) set.location = p.location;
  if (p.job_title !== undefined) set.jobTitle = p.job_title;
  if (p.phone_number !== undefined) set.phoneNumber = p.phone_number;
  if (p.email !== undefined) set.email = p.email;
  if (Object.keys(set).length === 0) return;
  await db.update(appUser).set(set).where(eq(appUser.id, userId));
}

export interface CompanySummary {
  id: number;
  internal_id: string;
  name: string;
  logo_url: string | null;
}

export async function getCompany(db: Db, companyId: number): Promise<CompanySummary | null> {
  const rows = await db
    .select({ id: company.id, internal_id: company.internalId, name: company.name, logo_url: company.logoUrl })
    .from(company)
    .where(eq(company.id, companyId))
    .limit(1);
  return rows[0] ?? null;
}

export async function listCompanies(db: Db): Promise<CompanySummary[]> {
  return db
    .select({ id: company.id, internal_id: company.internalId, name: company.name, logo_url: company.logoUrl })
    .from(company)
    .orderBy(asc(sql`lower(${company.name})`), asc(company.id));
}

/** Whether any company exists (demo data is seeded only into an empty database). */
export async function hasAnyCompany(db: Db): Promise<boolean> {
  return (await db.select({ id: company.id }).from(company).limit(1)).length > 0;
}

/**
 * The installation's own company: the one of its first super user. It owns installation-wide
 * background work such as the demo seeding. Null when there is no super user.
 */
export async function providerCompanyId(db: Db): Promise<number | null> {
  const found = await db.select({ companyId: appUser.companyId }).from(appUser).where(eq(appUser.superUser, true))
    .orderBy(asc(appUser.id)).limit(1);
  return found[0]?.companyId ?? null;
}

/** A company and its first user, a super user (the admin of an installation without demo data). */
export async function createCompanyWithSuperUser(db: Db, c: { internalId: string; name: string },
  u: { username: string; passwordHash: string; firstName: string }): Promise<{ companyId: number; userId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(company).values(c).returning({ id: company.id });
    const [user] = await tx.insert(appUser).values({ ...u, companyId: row.id, userTypeId: 1, superUser: true }).returning({ id: appUser.id });
    return { companyId: row.id, userId: user.id };
  });
}

// ---- failed sign-ins ----------------------------------------------------------------------

/** Usernames are compared case-insensitively for the limit so "Alice" and "alice" share it. */
export const attemptKey = (username: string) => username.trim().toLowerCase();

export interface FailureWindow {
  count: number;
  /** The newest failure still inside the window (the back-off runs from it), or null when none. */
  latest: Date | null;
}

/** Failures allowed without waiting, then a wait that doubles with each further failure. */
export interface BackOff {
  /** Failures inside the window that need no wait. */
  free: number;
  /** The wait after the first failure past `free`; each further one doubles it. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
}

export interface SignInLimits {
  since: Date;
  /** Failures of one username from one address. */
  perAccountAddress: BackOff;
  /** Failures from one address, whatever the usernames (spraying). */
  perAddress: BackOff;
  /**
   * Failures of one username from all addresses together at which it counts as under distributed
   * attack: each address then gets `underAttackFree` free failures for it instead of
   * perAccountAddress.free. Never a refusal of an address that has not failed for the username,
   * so its owner signing in from a new address is always let in.
   */
  accountUnderAttack: number;
  underAttackFree: number;
}

export type Reservation = { ok: true; id: number } | { ok: false; retryAfterMs: number };

/** How long after the latest failure the next attempt must wait (0: it need not). */
export function backOffMs(w: FailureWindow, b: BackOff, now: number): number {
  if (w.count < b.free || !w.latest) return 0;
  const wait = Math.min(b.baseMs * 2 ** Math.min(w.count - b.free, 30), b.maxMs);
  return Math.max(0, w.latest.getTime() + wait - now);
}

/**
 * Checks the sign-in limits and, when the attempt is allowed, records it as a failure at once
 * (a reservation), in one transaction under an advisory lock: parallel attempts are counted one
 * after the other, so a burst can never pass more attempts than the limits allow. A successful
 * sign-in then removes its reservation (releaseSignInAttempt). A refusal answers how long to wait.
 */
export async function reserveSignInAttempt(db: Db, username: string, ip: string, limits: SignInLimits, now = new Date()): Promise<Reservation> {
  const user = attemptKey(username);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // One lock for all sign-in bookkeeping: the transaction is a few index look-ups, the password
    // check happens outside it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK})`);
    const [pair, address, account] = await Promise.all([
      failures(tx, and(eq(loginAttempt.username, user), eq(loginAttempt.ip, ip))!, limits.since),
      failures(tx, eq(loginAttempt.ip, ip), limits.since),
      failures(tx, eq(loginAttempt.username, user), limits.since),
    ]);
    const pairLimit = account.count >= limits.accountUnderAttack
      ? { ...limits.perAccountAddress, free: Math.min(limits.underAttackFree, limits.perAccountAddress.free) }
      : limits.perAccountAddress;
    const t = now.getTime();
    const wait = Math.max(backOffMs(pair, pairLimit, t), backOffMs(address, limits.perAddress, t));
    if (wait > 0) return { ok: false as const, retryAfterMs: wait };
    const [row] = await tx.insert(loginAttempt).values({ username: user, ip, attemptedAt: now }).returning({ id: loginAttempt.id });
    // Keep the table small: anything older than a day can no longer count against anyone.
    await tx.delete(loginAttempt).where(lt(loginAttempt.attemptedAt, new Date(now.getTime() - 24 * 3600_000)));
    return { ok: true as const, id: row.id };
  });
}

/** An arbitrary constant naming the sign-in advisory lock. */
const SIGN_IN_LOCK = 727_104_001;

async function failures(db: Db, where: SQL, since: Date): Promise<FailureWindow> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int`, latest: sql<number | null>`(extract(epoch from max(${loginAttempt.attemptedAt})) * 1000)::float8` })
    .from(loginAttempt)
    .where(and(where, gte(loginAttempt.attemptedAt, since)));
  const r = rows[0];
  return { count: Number(r?.count ?? 0), latest: r?.latest != null ? new Date(Number(r.latest)) : null };
}

/**
 * After a successful sign-in: its reservation and the earlier failures of this username from
 * this address go. Failures from other addresses stay (they may be someone else's guessing).
 */
export async function releaseSignInAttempt(db: Db, username: string, ip: string): Promise<void> {
  await db.delete(loginAttempt).where(and(eq(loginAttempt.username, attemptKey(username)), eq(loginAttempt.ip, ip)));
}

/**
 * A stronger hash of the same password (sign-in with old scrypt parameters). Only when the stored
 * hash is still the one checked: a password changed meanwhile is never overwritten.
 */
export async function replacePasswordHash(db: Db, userId: number, checked: string, fresh: string): Promise<void> {
  await db.update(appUser).set({ passwordHash: fresh }).where(and(eq(appUser.id, userId), eq(appUser.passwordHash, checked)));
}
