// Respondents' privacy (issue 41 items 2 and 3; docs/privacy.md): answering a data-subject
// request (find, export, erase one respondent by panel reference) and applying a company's
// retention periods (the retention job). An erasure and each study's retention removal are one
// transaction that also rebuilds the study's report aggregates (the norms follow: their fingerprint
// is the aggregates' build state) and writes a timeline entry that names no respondent.
import type { Db } from '../db/client.js';
import * as repo from '../repositories/privacy.js';
import { consentTextOf } from '../repositories/consent.js';
import { rebuildStudyAggregates } from '../repositories/aggregates.js';
import { insertEvent } from '../repositories/study-management.js';
import { unpackFloat32 } from '../analytics/pack.js';

/** One stored session as find answers it (contract/privacy.ts RespondentMatch). */
export interface RespondentMatch {
  participant_id: number; study_id: number; study_name: string; panel_name: string | null; cell_id: number | null;
  status: string; is_test: boolean; created_at: string; exposures: number; gaze_exposures: number; answers: number;
}

type Row = Record<string, unknown>;
/** Everything stored for a respondent (contract/privacy.ts ExportResponse, without the envelope). */
export interface RespondentExport {
  reference: string;
  exported_at: string;
  scope: string;
  sessions: {
    participant: Row;
    study: { id: number; name: string };
    panel_name: string | null;
    demographics: Record<string, string | null>;
    answers: { question: string; answer: string; answer_option_id: number | null }[];
    exposures: {
      exposure: Row; stim_name: string; viewability: unknown[]; gaze_samples: number[][] | null; fixations: number[][] | null;
      aois: Row[]; features: Row[];
    }[];
    consent: Row | null;
  }[];
}

const DAY_MS = 24 * 3600_000;
const iso = (v: string | Date) => new Date(v).toISOString();

/** When retention last removed raw gaze of the study (ISO), null while it did not: the reports' notice. */
export async function rawGazeRemovedAt(db: Db, studyId: number): Promise<string | null> {
  return (await repo.studyRemovals(db, studyId)).rawGazeRemovedAt;
}

export async function findRespondent(db: Db, scope: repo.RespondentScope, reference: string): Promise<RespondentMatch[]> {
  return (await repo.findRespondent(db, scope, reference)).map((m) => ({
    participant_id: Number(m.id), study_id: Number(m.studyId), study_name: m.studyName, panel_name: m.panelName,
    cell_id: m.cellId === null ? null : Number(m.cellId), status: m.status, is_test: m.isTest, created_at: iso(m.createdAt),
    exposures: Number(m.exposures), gaze_exposures: Number(m.gazeExposures), answers: Number(m.answers),
  }));
}

/** Float32 tuples of `width` as arrays (gaze samples: 3, fixations: 4). */
function tuples(bytes: Uint8Array | null, width: number): number[][] | null {
  if (!bytes) return null;
  const f = unpackFloat32(bytes);
  const out: number[][] = [];
  for (let i = 0; i + width <= f.length; i += width) out.push(Array.from(f.subarray(i, i + width)));
  return out;
}

const DEMOGRAPHIC_COLUMNS = {
  age_group: 'age_group_id', gender_group: 'gender_group_id', family_group: 'family_group_id',
  earnings_group: 'earnings_group_id', socialgrade_group: 'socialgrade_group_id', ethnicity_group: 'ethnicity_group_id',
} as const;

/** Everything stored for the respondent in the scope, session by session; null when nothing is. */
export async function exportRespondent(db: Db, scope: repo.RespondentScope, reference: string, now = new Date()): Promise<RespondentExport | null> {
  const matches = await repo.findRespondent(db, scope, reference);
  if (!matches.length) return null;
  const ids = matches.map((m) => Number(m.id));
  const participants = new Map((await repo.participantRowsOf(db, ids)).map((p) => [Number(p.id), p.row]));
  const exposures = await repo.exposuresOf(db, ids);
  const children = await repo.exposureChildren(db, exposures.map((e) => Number(e.id)));
  const answers = await repo.answersOf(db, ids);
  const sessions: RespondentExport['sessions'] = [];
  for (const m of matches) {
    const id = Number(m.id);
    const row = participants.get(id) ?? {};
    const demo = new Map<string, number | null>(Object.entries(DEMOGRAPHIC_COLUMNS)
      .map(([kind, col]) => [kind, typeof row[col] === 'number' ? (row[col] as number) : null]));
    sessions.push({
      participant: row,
      study: { id: Number(m.studyId), name: m.studyName },
      panel_name: m.panelName,
      demographics: await repo.demographicNames(db, demo),
      answers: answers.filter((a) => Number(a.participantId) === id)
        .map((a) => ({ question: a.question, answer: a.answer, answer_option_id: a.answerOptionId === null ? null : Number(a.answerOptionId) })),
      exposures: exposures.filter((e) => Number(e.participantId) === id).map((e) => ({
        exposure: e.row,
        stim_name: e.stimName,
        viewability: Array.isArray(e.row.viewability_intervals) ? e.row.viewability_intervals as unknown[] : [],
        gaze_samples: tuples(e.samples, 3),
        fixations: tuples(e.fixations, 4),
        aois: children.aois.get(Number(e.id)) ?? [],
        features: children.features.get(Number(e.id)) ?? [],
      })),
      // Consent is recorded on the participant row (issue 41 item 1): what they agreed to, and when.
      consent: typeof row.consent_version === 'number' ? {
        version: row.consent_version,
        agreed_at: row.consented_at ?? null,
        text: await consentTextOf(db, Number(m.studyId), row.consent_version),
      } : null,
    });
  }
  return { reference, exported_at: now.toISOString(), scope: scope.studyId === null ? 'company' : `study ${scope.studyId}`, sessions };
}

/**
 * Erases the participants of the studies, rebuilds each study's aggregates and notes it on each
 * study's timeline (kind `kind`, the count only), in the caller's transaction; answers how many went.
 */
async function eraseParticipants(tx: Db, byStudy: Map<number, number[]>, kind: string, userId: number | null, at?: Date): Promise<number> {
  let erased = 0;
  // In id order: two erasures across studies never wait on each other's aggregate locks in a cycle.
  for (const studyId of [...byStudy.keys()].sort((a, b) => a - b)) {
    const n = await repo.deleteParticipants(tx, byStudy.get(studyId)!);
    erased += n;
    await rebuildStudyAggregates(tx, studyId);
    await insertEvent(tx, { studyId, kind, userId, detail: { count: n }, ...(at ? { at } : {}) });
  }
  return erased;
}

/** Erases the respondent in the scope, in one transaction; null when nothing matched. */
export async function eraseRespondent(db: Db, scope: repo.RespondentScope, reference: string, userId: number): Promise<{ erased: number; studies: number[] } | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const matches = await repo.findRespondent(tx, scope, reference);
    if (!matches.length) return null;
    const byStudy = new Map<number, number[]>();
    for (const m of matches) byStudy.set(Number(m.studyId), [...(byStudy.get(Number(m.studyId)) ?? []), Number(m.id)]);
    const erased = await eraseParticipants(tx, byStudy, 'respondent_erased', userId);
    return { erased, studies: [...byStudy.keys()].sort((a, b) => a - b) };
  });
}

export interface RetentionResult { rawGazeRemoved: number; gazeStudies: number; studiesEmptied: number; respondentsRemoved: number }

/**
 * Applies every company's retention periods as of `now`: raw gaze of sessions older than the raw
 * gaze period, then every respondent of studies completed longer ago than the study period (one
 * transaction per study). Idempotent: a second run the same day removes nothing more.
 */
export async function applyRetention(db: Db, now = new Date()): Promise<RetentionResult> {
  const out: RetentionResult = { rawGazeRemoved: 0, gazeStudies: 0, studiesEmptied: 0, respondentsRemoved: 0 };
  for (const c of await repo.companiesWithRetention(db)) {
    if (c.rawGazeDays !== null) {
      const r = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const removed = await repo.removeRawGaze(tx, c.id, new Date(now.getTime() - c.rawGazeDays! * DAY_MS), now);
        for (const studyId of removed.studies) await insertEvent(tx, { studyId, kind: 'raw_gaze_removed', userId: null, detail: { days: c.rawGazeDays }, at: now });
        return removed;
      });
      out.rawGazeRemoved += r.removed;
      out.gazeStudies += r.studies.length;
    }
    if (c.studyDays !== null) {
      for (const studyId of await repo.expiredStudies(db, c.id, new Date(now.getTime() - c.studyDays * DAY_MS))) {
        out.respondentsRemoved += await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const n = await eraseParticipants(tx, new Map([[studyId, await repo.studyParticipantIds(tx, studyId)]]), 'retention_removed', null, now);
          await repo.markRespondentDataRemoved(tx, studyId, now);
          return n;
        });
        out.studiesEmptied += 1;
      }
    }
  }
  return out;
}
