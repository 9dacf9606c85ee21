// SQL of respondents' informed consent (issue 41; services/consent.ts, services/take.ts): the
// study's versioned consent texts, and the refusal counts per study and cell.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, company, consentRefusal, participant, study, studyConsentText } from '../db/schema/index.js';

export interface ConsentText {
  version: number;
  text: string;
}

/** The study's current consent text (its highest version), or null when it has never stored one. */
export async function currentConsentText(db: Db, studyId: number): Promise<ConsentText | null> {
  const r = await db.select({ version: studyConsentText.version, text: studyConsentText.text }).from(studyConsentText)
    .where(eq(studyConsentText.studyId, studyId)).orderBy(desc(studyConsentText.version)).limit(1);
  return r[0] ?? null;
}

/** Whether `version` is one of the study's stored consent texts. */
export async function consentVersionExists(db: Db, studyId: number, version: number): Promise<boolean> {
  const r = await db.select({ id: studyConsentText.id }).from(studyConsentText)
    .where(and(eq(studyConsentText.studyId, studyId), eq(studyConsentText.version, version))).limit(1);
  return r.length > 0;
}

/**
 * Adds a version (the next number) of the study's consent text. Call inside a transaction holding
 * the study's row lock (or where no other writer can race): two writers would pick the same
 * number, and the unique index refuses the second.
 */
export async function addConsentText(db: Db, studyId: number, text: string, userId: number | null): Promise<number> {
  const [r] = await db.insert(studyConsentText).values({
    studyId, text, createdBy: userId,
    version: sql`(select coalesce(max(${studyConsentText.version}), 0) + 1 from ${studyConsentText} where ${studyConsentText.studyId} = ${studyId})`,
  }).returning({ version: studyConsentText.version });
  return r.version;
}

/** Stores `text` as version 1 unless the study has a text already (simultaneous first starts store one). */
export async function ensureFirstConsentText(db: Db, studyId: number, text: string): Promise<void> {
  await db.insert(studyConsentText).values({ studyId, version: 1, text }).onConflictDoNothing();
}

/** The text of one version of the study's consent, or null (a version never stored). */
export async function consentTextOf(db: Db, studyId: number, version: number): Promise<string | null> {
  const [r] = await db.select({ text: studyConsentText.text }).from(studyConsentText)
    .where(and(eq(studyConsentText.studyId, studyId), eq(studyConsentText.version, version)));
  return r?.text ?? null;
}

export interface ConsentVersionRow {
  version: number;
  text: string;
  createdAt: Date;
  createdBy: string | null;
  respondents: number;
}

/** Every version of the study's consent text, oldest first, with who saved it and how many stored respondents agreed to it. */
export async function consentVersions(db: Db, studyId: number): Promise<ConsentVersionRow[]> {
  const r = await db.select({
    version: studyConsentText.version, text: studyConsentText.text, createdAt: studyConsentText.createdAt, createdBy: appUser.email,
    respondents: sql<number>`(select count(*) from ${participant} p where p.study_id = ${studyConsentText.studyId} and p.consent_version = ${studyConsentText.version})::int`,
  }).from(studyConsentText).leftJoin(appUser, eq(appUser.id, studyConsentText.createdBy))
    .where(eq(studyConsentText.studyId, studyId)).orderBy(asc(studyConsentText.version));
  return r.map((x) => ({ ...x, respondents: Number(x.respondents) }));
}

/** The name of the study's company: the data controller named by the default consent text. */
export async function controllerName(db: Db, studyId: number): Promise<string> {
  const r = await db.select({ name: company.name }).from(study).innerJoin(company, eq(company.id, study.companyId)).where(eq(study.id, studyId));
  return r[0]?.name ?? '';
}

/** One more respondent of the cell declined the consent text. */
export async function countRefusal(db: Db, studyId: number, cellId: number): Promise<void> {
  await db.insert(consentRefusal).values({ studyId, cellId, refusals: 1 })
    .onConflictDoUpdate({ target: [consentRefusal.studyId, consentRefusal.cellId], set: { refusals: sql`${consentRefusal.refusals} + 1` } });
}

/** Refusals of the study, per cell (cells without any are absent) and in all. */
export async function refusalsOf(db: Db, studyId: number): Promise<{ total: number; cells: Map<number, number> }> {
  const r = await db.select({ cellId: consentRefusal.cellId, n: consentRefusal.refusals }).from(consentRefusal).where(eq(consentRefusal.studyId, studyId));
  const cells = new Map(r.map((x) => [x.cellId, Number(x.n)]));
  return { total: [...cells.values()].reduce((a, b) => a + b, 0), cells };
}
