// Hand-built report fixtures: studies, stims, participants and exposures with KNOWN summary
// values inserted directly, so report numbers can be checked by hand (no ingestion involved).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  study, cell, step, stepStim, stim, aoi, participant, exposure, exposureGaze, exposureAoi, brand, adType,
  questionGroup, question, answerOption, participantAnswer,
} from '../../db/schema/index.js';
import { issueToken } from '../../repositories/tokens.js';
import { createCompany, createUser } from '../fixtures.js';
import { testApp } from '../helpers.js';
import { seedReference } from '../../seed/reference.js';

const unique = () => randomBytes(4).toString('hex');

export async function tenant(db: Db) {
  const company = await createCompany(db);
  // The company's administrator: report tests also set up its allowed origins.
  const user = await createUser(db, { companyId: company.id, companyAdmin: true });
  const token = await issueToken(db, user.id, 24);
  return { companyId: company.id, userId: user.id, token, headers: { authorization: `Token ${token}` } };
}

export type Tenant = Awaited<ReturnType<typeof tenant>>;

/** The usual report test bed: an app on a fresh database with reference data, a tenant and a foreign tenant. */
export async function reportTestbed() {
  const { app, database } = await testApp();
  const db = database.db;
  await seedReference(db);
  const t = await tenant(db);
  const other = await tenant(db);
  return { app, database, db, t, other };
}

export interface StudyInput {
  companyId: number;
  name?: string;
  maxAccuracy?: number;
  maxPrecision?: number;
  minCalibrationFrameRate?: number;
  minConnectionSpeed?: number;
  minDwellMs?: number;
  maxDwellMs?: number;
  preAssignQuestionGroupId?: number;
}

export async function createStudy(db: Db, input: StudyInput) {
  const [s] = await db.insert(study).values({ name: `Study ${unique()}`, ...input }).returning();
  const [c] = await db.insert(cell).values({ studyId: s.id, name: 'Cell 1', shortName: 'C1', position: 0 }).returning();
  return { studyId: s.id, cellId: c.id };
}

export interface StimInput {
  companyId: number;
  name?: string;
  stimType?: string;
  width?: number | null;
  height?: number | null;
  brandId?: number | null;
  adTypeId?: number | null;
  source?: string | null;
}

export async function createStim(db: Db, input: StimInput) {
  const [s] = await db.insert(stim).values({
    companyId: input.companyId, name: input.name ?? `Stim ${unique()}`, stimType: input.stimType ?? 'i',
    width: input.width === undefined ? 300 : input.width, height: input.height === undefined ? 250 : input.height,
    brandId: input.brandId ?? null, adTypeId: input.adTypeId ?? null, source: input.source ?? null,
  }).returning();
  return s.id;
}

/** A stim step holding a new stim (or an existing one). */
export async function addStimStep(db: Db, studyId: number, cellId: number, stimInput: StimInput | number, position = 1) {
  const stimId = typeof stimInput === 'number' ? stimInput : await createStim(db, stimInput);
  const [st] = await db.insert(step).values({ studyId, cellId, position, stepType: 'stim', stimId }).returning();
  return { stepId: st.id, stimId };
}

/** A cache page step with several stims placed on it (step_stim). */
export async function addPageStep(db: Db, studyId: number, cellId: number, stimIds: number[], position = 2) {
  const [st] = await db.insert(step).values({ studyId, cellId, position, stepType: 'cache' }).returning();
  for (const [i, stimId] of stimIds.entries()) await db.insert(stepStim).values({ stepId: st.id, stimId, x: 0, y: i * 300 });
  return st.id;
}

export async function addAoi(db: Db, stimId: number, tag: string, rect: { x: number; y: number; width: number; height: number }) {
  const [a] = await db.insert(aoi).values({ stimId, tag, ...rect }).returning();
  return a.id;
}

export interface ParticipantInput {
  reference?: string;
  hasEyetracking?: boolean;
  isTest?: boolean;
  status?: string;
  ageGroupId?: number | null;
  genderGroupId?: number | null;
  familyGroupId?: number | null;
  earningsGroupId?: number | null;
  calibrationAccuracyPx?: number | null;
  calibrationPrecisionPx?: number | null;
  frameRate?: number | null;
  connectionSpeedKbps?: number | null;
}

export async function createParticipant(db: Db, studyId: number, cellId: number, p: ParticipantInput = {}) {
  const [row] = await db.insert(participant).values({
    studyId, cellId, reference: p.reference ?? `r-${unique()}`, sessionId: `s-${unique()}`,
    hasEyetracking: p.hasEyetracking ?? true, isTest: p.isTest ?? false, status: p.status ?? 'complete',
    ageGroupId: p.ageGroupId ?? null, genderGroupId: p.genderGroupId ?? null, familyGroupId: p.familyGroupId ?? null,
    earningsGroupId: p.earningsGroupId ?? null,
    calibrationAccuracyPx: p.calibrationAccuracyPx ?? null, calibrationPrecisionPx: p.calibrationPrecisionPx ?? null,
    frameRate: p.frameRate ?? null, connectionSpeedKbps: p.connectionSpeedKbps ?? null,
  }).returning();
  return row.id;
}

export interface ExposureInput {
  participant?: ParticipantInput;
  participantId?: number;
  pageDwellMs?: number;
  eyetracked?: boolean;
  viewable?: boolean;
  viewableMs?: number;
  firstViewableMs?: number | null;
  viewed?: boolean;
  dwellMs?: number;
  timeToFirstViewMs?: number | null;
  stimX?: number;
  stimY?: number;
  stimWidth?: number;
  stimHeight?: number;
  /** [start_ms, duration_ms, x, y] in page pixels. */
  fixations?: [number, number, number, number][];
  aois?: { aoiId: number; dwellMs: number; firstFixationMs: number; fixationCount?: number }[];
}

export function packFixations(fix: [number, number, number, number][]): Uint8Array {
  const buf = Buffer.alloc(fix.length * 16);
  fix.forEach((f, i) => f.forEach((v, j) => buf.writeFloatLE(v, i * 16 + j * 4)));
  return new Uint8Array(buf);
}

/** One exposure with the given summary values (its participant is created unless given). */
export async function addExposure(db: Db, where: { studyId: number; cellId: number; stepId: number; stimId: number }, e: ExposureInput = {}) {
  const participantId = e.participantId ?? await createParticipant(db, where.studyId, where.cellId, e.participant);
  const hasEt = e.participant?.hasEyetracking ?? true;
  const [row] = await db.insert(exposure).values({
    studyId: where.studyId, participantId, cellId: where.cellId, stepId: where.stepId, stimId: where.stimId,
    stimX: e.stimX ?? 0, stimY: e.stimY ?? 0, stimWidth: e.stimWidth ?? 300, stimHeight: e.stimHeight ?? 250,
    pageDwellMs: e.pageDwellMs ?? 10_000, viewabilityIntervals: [], eyetracked: e.eyetracked ?? hasEt,
    viewable: e.viewable ?? false, viewableMs: e.viewableMs ?? 0, firstViewableMs: e.firstViewableMs ?? (e.viewable ? 0 : null),
    viewed: e.viewed ?? false, dwellMs: e.dwellMs ?? 0, timeToFirstViewMs: e.timeToFirstViewMs ?? null,
    fixationCount: e.fixations?.length ?? (e.viewed ? 1 : 0),
  }).returning();
  if (e.fixations) {
    await db.insert(exposureGaze).values({
      exposureId: row.id, studyId: where.studyId, sampleCount: 0, samples: new Uint8Array(0), fixations: packFixations(e.fixations),
    });
  }
  for (const a of e.aois ?? []) {
    await db.insert(exposureAoi).values({
      studyId: where.studyId, exposureId: row.id, aoiId: a.aoiId, dwellMs: a.dwellMs, firstFixationMs: a.firstFixationMs,
      fixationCount: a.fixationCount ?? 1,
    });
  }
  return { exposureId: row.id, participantId };
}

/** Reference brand / ad type rows seeded by seedReference, by name. */
export async function brandId(db: Db, name: string) {
  const [b] = await db.select().from(brand).where(eq(brand.name, name));
  return b.id;
}
export async function adTypeId(db: Db, name: string) {
  const [a] = await db.select().from(adType).where(eq(adType.name, name));
  return a.id;
}

/** A question group of the company with questions and options; returns ids by position. */
export async function createQuestionGroup(db: Db, companyId: number, opts: { system?: string; preassign?: boolean;
  questions: { name: string; short?: string; type?: string; answers: string[] }[] }) {
  const [g] = await db.insert(questionGroup).values({
    companyId, name: `Group ${unique()}`, questionSystem: opts.system ?? 'lu', isPreassign: opts.preassign ?? false,
  }).returning();
  const out: { groupId: number; questions: { id: number; options: number[] }[] } = { groupId: g.id, questions: [] };
  for (const [i, q] of opts.questions.entries()) {
    const [row] = await db.insert(question).values({
      questionGroupId: g.id, name: q.name, shortName: q.short ?? `q${i}`, formattedType: q.type ?? 'single_choice', position: i,
    }).returning();
    const options: number[] = [];
    for (const [j, text] of q.answers.entries()) {
      const [o] = await db.insert(answerOption).values({ questionId: row.id, text, position: j }).returning();
      options.push(o.id);
    }
    out.questions.push({ id: row.id, options });
  }
  return out;
}

export async function addQuestionStep(db: Db, studyId: number, cellId: number, questionGroupId: number, position = 3) {
  const [st] = await db.insert(step).values({ studyId, cellId, position, stepType: 'question', questionGroupId }).returning();
  return st.id;
}

export async function answer(db: Db, studyId: number, participantId: number, questionId: number, text: string, answerOptionId?: number) {
  await db.insert(participantAnswer).values({ studyId, participantId, questionId, text, answerOptionId: answerOptionId ?? null });
}
