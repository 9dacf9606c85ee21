// The respondent runner's server side (issue 22): a signed take-study link starts a session (the
// cell, the steps to play, a session token); the token stores it through the ingestion service,
// so the study's collection key is never needed in the browser. Rules: take-rules.ts; SQL:
// repositories/take.ts; HTTP: routes/take. Outcomes are values, the route maps them to statuses.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { verifyTakeLink } from '../domain/take-link.js';
import * as repo from '../repositories/take.js';
import { ingestSession, type IngestResult, type SessionStep } from './ingest.js';
import { existingTakeLinkSecret } from './study-links.js';
import { findStoredSession } from '../repositories/ingest.js';
import {
  assignCell, cellQuota, redirectWithParticipant, respondentReference, signSession, verifySession, type SessionClaims,
} from './take-rules.js';
import { CALIBRATION_MEASURES, measureCalibration, qualityFailures, type QualityFailure, type QualityMeasures } from './take-quality.js';
import type { CalibrationData } from '../../shared/gaze-quality.js';
import { consentToShow } from './consent.js';
import { consentVersionExists, countRefusal } from '../repositories/consent.js';


/** How the route turns stored keys and ids into URLs a browser may load (signed, expiring). */
export interface TakeUrls {
  file(keyOrUrl: string | null): string | null;
  /** Script / VAST preview page on the files origin. */
  preview(stimId: number): string;
  /** Cache-page snapshot on the files origin. */
  snapshot(cachePageId: number): string;
}

export interface TakeDeps {
  db: Db;
  urlSecret?: string;
  urls: TakeUrls;
  /** How long a session token (and the file URLs it is given) lives: contract/take.ts TAKE_SESSION_TTL_SECONDS. */
  sessionTtlSeconds: number;
  /** How long a live start holds its cell without a delivery (TAKE_RESERVATION_MINUTES); renewed by each passed quality gate. */
  reservationTtlSeconds: number;
  /** Live starts per link and client address in the window (TAKE_START_LIMIT, TAKE_START_WINDOW_MINUTES); limit 0: none. */
  startLimit: { limit: number; windowSeconds: number };
  now?: () => number;
}

/** Whether a live link's study takes respondents now: completed or not live is closed, paused is paused. */
function fieldwork(s: repo.TakeStudyRow): 'open' | 'closed' | 'paused' {
  if (!s.live || s.completed) return 'closed';
  return s.paused ? 'paused' : 'open';
}

/** Why a respondent cannot take the study (contract/take.ts TAKE_REFUSALS; the route words the message). */
export type TakeRefusal = 'closed' | 'paused' | 'duplicate';
export type StartState = 'run' | 'quota_full' | TakeRefusal;
/** The deterministic session id of a quota-full respondent: a repeated start of one panel reference stores one row. */
const quotaFullSession = (panelId: number, reference: string) => `take-qf-${panelId}-${createHash('sha256').update(reference).digest('base64url').slice(0, 32)}`;

const NEXT_BUTTONS: Record<string, 'standard' | 'floating' | 'none'> = { '1': 'standard', '2': 'floating', '3': 'none' };
const FILE_STIMS = new Set(['i', 'v']);
const FRAME_STIMS = new Set(['s', 'va', 'vx']);

async function sessionSecret(db: Db, urlSecret?: string): Promise<string | null> {
  const link = await existingTakeLinkSecret(db, urlSecret);
  return link === null ? null : createHmac('sha256', link).update('take-session').digest('hex');
}

function stimView(urls: TakeUrls, s: repo.TakeStimRow, at?: { x: number; y: number }) {
  return {
    stim_id: s.id, name: s.name, stim_type: s.stimType, width: s.width, height: s.height,
    src: FILE_STIMS.has(s.stimType) ? urls.file(s.source) : null,
    frame_src: FRAME_STIMS.has(s.stimType) ? urls.preview(s.id) : null,
    ...(at ? { x: at.x, y: at.y } : {}),
  };
}

/** The steps of a cell as the runner plays them. */
export async function playPlan(db: Db, urls: TakeUrls, studyId: number, cellId: number, reference: string) {
  const rows = await repo.cellSteps(db, studyId, cellId);
  const groups = await repo.questionGroups(db, [...new Set(rows.flatMap((r) => (r.questionGroupId ? [r.questionGroupId] : [])))]);
  const steps = [];
  for (const r of rows) {
    const base = {
      step_id: r.id, type: r.stepType as never, name: r.name,
      seconds_before_show_next: r.secondsBeforeShowNext, seconds_before_move_next: r.secondsBeforeMoveNext,
      next_button: NEXT_BUTTONS[r.nextType ?? '1'] ?? 'standard',
    };
    const extra: Record<string, unknown> = {};
    if (r.stepType === 'instruction') extra.instruction = { title: r.instruction?.name ?? r.name, text: r.instruction?.text ?? '' };
    if (r.stepType === 'stim' && r.stim) extra.stim = stimView(urls, r.stim);
    if (r.stepType === 'cache' && r.cachePage) {
      extra.page = {
        frame_src: r.cachePage.status === 'cached' && r.cachePage.cachedSource ? urls.snapshot(r.cachePage.id) : null,
        original_url: r.cachePage.originalSource,
        stims: r.placements.map((p) => stimView(urls, p, { x: p.x, y: p.y })),
      };
    }
    if (r.stepType === 'question' && r.questionGroupId) {
      const g = groups.get(r.questionGroupId);
      extra.questions = {
        title: g?.name ?? r.name, text: g?.text ?? '',
        items: (g?.questions ?? []).map((q) => ({ question_id: q.id, text: q.text || q.name, type: q.formattedType, options: q.options })),
      };
    }
    if (r.stepType === 'external' && r.externalPage) {
      extra.external = { url: redirectWithParticipant(r.externalPage.url, r.externalPage.memberInsert, reference) ?? r.externalPage.url };
    }
    if (r.stepType === 'embedded' && r.externalPage) {
      extra.embedded = { url: redirectWithParticipant(r.externalPage.url, r.externalPage.memberInsert, reference) ?? r.externalPage.url };
    }
    if (r.stepType === 'command' && r.commandId) extra.command = { name: (await repo.commandName(db, r.commandId)) ?? 'Command' };
    steps.push({ ...base, ...extra });
  }
  return steps;
}

export type StartOutcome =
  | { kind: 'invalid' }
  | { kind: 'simulated_live' }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'no_cells' }
  | { kind: 'ok'; answer: Awaited<ReturnType<typeof startAnswer>> };

/** Who is starting, for the start rate limit: the client address (request.ip, behind TRUST_PROXY the forwarded one). */
export interface StartClient {
  address: string;
}

async function startAnswer(
  deps: TakeDeps, claims: Omit<SessionClaims, 'cellId'> & { cellId: number | null }, studyName: string, state: StartState, redirect: string | null,
  consent: { version: number; text: string } | null = null,
) {
  // A verified link proved the secret exists.
  const secret = (await sessionSecret(deps.db, deps.urlSecret))!;
  return {
    success: true as const,
    state,
    study_id: claims.studyId,
    study_name: studyName,
    is_test: claims.test,
    cell_id: claims.cellId,
    panel_id: claims.panelId,
    reference: claims.reference,
    session_id: claims.sessionId || null,
    // Only a run can be delivered: a quota-full token would store a respondent in a full cell.
    token: state === 'run' && claims.cellId !== null ? signSession(secret, { ...claims, cellId: claims.cellId }) : null,
    steps: state === 'run' && claims.cellId !== null ? await playPlan(deps.db, deps.urls, claims.studyId, claims.cellId, claims.reference) : [],
    redirect_url: redirect,
    consent: state === 'run' ? consent : null,
  };
}

/**
 * Starts a session from the link's query: verifies the signature (and that it names this study),
 * refuses the simulated gaze source on a live link, answers closed / paused for a live link of a
 * study that does not take respondents now and duplicate for a panel reference that completed it
 * (nothing reserved or stored: the respondent goes back to the panel), limits live starts per link
 * and client address, assigns the cell and answers the steps. A full cell answers quota_full with
 * the panel's quota-full redirect and stores the respondent as quota_full once per panel reference.
 */
export async function startTake(deps: TakeDeps, studyId: number, query: string, client: StartClient = { address: '' }): Promise<StartOutcome> {
  const search = new URLSearchParams(query.replace(/^\?/, ''));
  const secret = await existingTakeLinkSecret(deps.db, deps.urlSecret);
  const link = secret === null ? null : verifyTakeLink(secret, `/take/${studyId}?${search.toString()}`);
  if (!link || link.studyId !== studyId) return { kind: 'invalid' };
  // Refused before anything is read or reserved: the simulated source's data must never enter a
  // live study, and a start that cannot be delivered must not hold a cell (issue 35 item 6).
  if (!link.test && search.get('source') === 'simulated') return { kind: 'simulated_live' };
  const s = await repo.findTakeStudy(deps.db, studyId);
  if (!s) return { kind: 'invalid' };
  const p = link.panelId !== null ? await repo.findTakePanel(deps.db, studyId, link.panelId) : null;
  // A signed link whose panel was deleted since: the respondent is still ours to take.
  const reference = respondentReference(search, p?.participantInsertParameter);
  const param = p?.participantInsertParameter?.trim();
  const panelReference = Boolean(p && param && search.get(param)?.trim() === reference);
  const nowMs = deps.now?.() ?? Date.now();
  const now = Math.floor(nowMs / 1000);
  const base = { studyId, panelId: p?.id ?? null, test: link.test, reference, expires: now + deps.sessionTtlSeconds };
  const refuse = async (state: TakeRefusal, url: string | null | undefined) => ({
    kind: 'ok' as const,
    answer: await startAnswer(deps, { ...base, cellId: null, sessionId: '' }, s.name, state, redirectWithParticipant(url, p?.participantInsertParameter, reference)),
  });
  if (!link.test) {
    const state = fieldwork(s);
    if (state !== 'open') return refuse(state, p?.quotaFullRedirectUrl);
    if (p && panelReference && await repo.referenceCompleted(deps.db, studyId, p.id, reference)) return refuse('duplicate', p.screenoutRedirectUrl);
    // Test links are exempt: they reserve nothing and store nothing at the start.
    if (deps.startLimit.limit > 0) {
      const wait = await repo.countStart(deps.db, { studyId, link: `c${link.cellId ?? ''}-p${link.panelId ?? ''}`, address: client.address },
        new Date(nowMs), deps.startLimit.windowSeconds * 1000, deps.startLimit.limit);
      if (wait !== null) return { kind: 'rate_limited', retryAfterSeconds: Math.ceil(wait / 1000) };
    }
  }
  const cells = await repo.takeCells(deps.db, studyId);
  const quota = cellQuota(s.participantsRequested, cells.length);
  const sessionId = `take-${randomUUID()}`;
  // Chosen and reserved under the study's lock: simultaneous starts see each other's
  // reservations. Test sessions never count, so they reserve nothing. A reservation lives
  // minutes (issue 36 item 3): a start nobody delivers stops holding its cell soon.
  const assigned = await repo.reserveCell(deps.db, studyId, sessionId, new Date(nowMs), new Date(nowMs + deps.reservationTtlSeconds * 1000), (load) => {
    const a = assignCell(cells.map((c) => ({ id: c.id, counted: load.get(c.id) ?? 0 })), quota, link.cellId, link.test);
    return a && { ...a, reserve: !a.full && !link.test };
  });
  if (!assigned) return { kind: 'no_cells' };
  if (assigned.full) {
    // Stored for the panel's reconciliation once per panel reference (a repeat is the same
    // session id, a duplicate); a start without one stores nothing, so starts cannot add rows.
    const claims: SessionClaims = { ...base, cellId: assigned.cellId, sessionId: p && panelReference ? quotaFullSession(p.id, reference) : sessionId };
    if (p && panelReference) {
      await ingestSession(deps.db, {
        study_id: studyId, session_id: claims.sessionId, steps: [],
        participant: { reference, cell_id: claims.cellId, panel_id: claims.panelId, has_eyetracking: false, status: 'quota_full', is_test: claims.test },
      });
    }
    return { kind: 'ok', answer: await startAnswer(deps, claims, s.name, 'quota_full', redirectWithParticipant(p?.quotaFullRedirectUrl, p?.participantInsertParameter, reference)) };
  }
  // The consent text is the first thing the respondent sees (issue 41): stored before it is shown,
  // so the version they agree to is always one the study keeps.
  const consent = s.consentRequired ? await consentToShow(deps.db, studyId) : null;
  return { kind: 'ok', answer: await startAnswer(deps, { ...base, cellId: assigned.cellId, sessionId }, s.name, 'run', null, consent) };
}

export type ConsentOutcome =
  | { kind: 'invalid' }
  | { kind: 'unknown_version' }
  | { kind: 'agreed'; token: string; version: number; at: Date }
  | { kind: 'declined'; redirect: string | null };

/**
 * The respondent's answer to the consent text (issue 41). Agreed: a new session token carrying the
 * version and the server's time, which the delivery stores with the participant. Declined: the
 * cell's reservation is released, the refusal is counted (live links only: test sessions never
 * count) and nothing else is kept; the respondent goes to the panel's screen-out redirect.
 */
export async function recordTakeConsent(deps: TakeDeps, studyId: number, body: { token: string; agree: boolean; version?: number }): Promise<ConsentOutcome> {
  const secret = await sessionSecret(deps.db, deps.urlSecret);
  const nowMs = deps.now?.() ?? Date.now();
  const claims = secret === null ? null : verifySession(secret, body.token, studyId, Math.floor(nowMs / 1000));
  if (!claims || secret === null) return { kind: 'invalid' };
  if (!body.agree) {
    await repo.releaseReservation(deps.db, studyId, claims.sessionId);
    // A token that already carries the respondent's agreement was counted as taking part, not refused.
    if (!claims.test && !claims.consent) await countRefusal(deps.db, studyId, claims.cellId);
    const p = claims.panelId !== null ? await repo.findTakePanel(deps.db, studyId, claims.panelId) : null;
    return { kind: 'declined', redirect: redirectWithParticipant(p?.screenoutRedirectUrl, p?.participantInsertParameter, claims.reference) };
  }
  if (body.version === undefined || !(await consentVersionExists(deps.db, studyId, body.version))) return { kind: 'unknown_version' };
  const at = Math.floor(nowMs / 1000);
  return { kind: 'agreed', token: signSession(secret, { ...claims, consent: { version: body.version, at } }), version: body.version, at: new Date(at * 1000) };
}

/** Whether the session may be stored: the study does not ask for consent, or the token carries it. */
async function consented(deps: TakeDeps, claims: SessionClaims): Promise<boolean> {
  if (claims.consent) return true;
  const s = await repo.findTakeStudy(deps.db, claims.studyId);
  return !s?.consentRequired;
}

/** What the runner sends for the gate: the raw calibration (the server measures it) and the connection speed. */
export interface RawMeasures {
  gaze_source: 'mouse' | 'simulated' | 'webcam';
  /** The latest calibration or validation, raw: the server computes accuracy, precision and frame rate from it. */
  calibration?: CalibrationData | null;
  connection_speed_kbps?: number | null;
  /** The browser's own figures, if an older runner still sends them: ignored. */
  calibration_accuracy_px?: number | null;
  calibration_precision_px?: number | null;
  frame_rate?: number | null;
}

export interface Delivery extends RawMeasures {
  token: string;
  status: 'complete' | 'screenout';
  steps: SessionStep[];
}

export type DeliverOutcome =
  | { kind: 'invalid' }
  | { kind: 'no_consent' }
  | { kind: 'ok'; result: IngestResult; redirect: string | null; status: 'complete' | 'screenout' | 'duplicate'; failures: QualityFailure[] }
  | { kind: 'refused'; state: 'closed' | 'paused'; redirect: string | null };

/**
 * The token's claims, or null. The simulated gaze source (automated run-throughs) is refused on a
 * live link: it clicks its own calibration dots, so its measures would always pass and its
 * made-up gaze would enter the report base.
 */
async function claimsOf(deps: TakeDeps, studyId: number, token: string, gazeSource: 'mouse' | 'simulated' | 'webcam'): Promise<SessionClaims | null> {
  const secret = await sessionSecret(deps.db, deps.urlSecret);
  const claims = secret === null ? null : verifySession(secret, token, studyId, Math.floor((deps.now?.() ?? Date.now()) / 1000));
  return claims && (gazeSource !== 'simulated' || claims.test) ? claims : null;
}

/**
 * The server's quality verdict and its own measures. The calibration measures are computed from
 * the raw calibration the runner sends (never the browser's figures); the raw data are required
 * once the stage is a calibration or validation, or, at delivery, when the cell has such a step,
 * so leaving them out does not slip past the gate; missing or implausible data fail with the reason,
 * whatever the thresholds. The connection speed (the browser's timing) fails only when measured
 * under the minimum.
 */
async function verdict(deps: TakeDeps, claims: SessionClaims, raw: RawMeasures, stage: 'connection' | 'calibration' | 'validation' | 'delivery'):
  Promise<{ failures: QualityFailure[]; measures: QualityMeasures }> {
  const connection = { connection_speed_kbps: raw.connection_speed_kbps ?? null };
  const s = await repo.findTakeStudy(deps.db, claims.studyId);
  // The connection stage judges the speed alone: the calibration has not happened yet.
  // An unmeasurable speed (the probe failed) is not a failure: only a measured speed under the
  // minimum screens out (docs/decisions.md "Unmeasured connection speed"); the report base agrees.
  if (stage === 'connection') return { failures: s ? qualityFailures(s, connection, []) : [], measures: connection };
  const required = stage !== 'delivery' || await repo.cellCalibrates(deps.db, claims.studyId, claims.cellId);
  const calibration = measureCalibration(raw.calibration, raw.gaze_source, required);
  const measures = { ...connection, ...calibration.measures };
  if (!s) return { failures: calibration.failures, measures };
  // Data that failed are reported as such, not again as each measure they could not give.
  const judged = calibration.failures.length ? connection : measures;
  const needed: (keyof QualityMeasures)[] = calibration.failures.length || !required ? [] : [...CALIBRATION_MEASURES];
  return { failures: [...calibration.failures, ...qualityFailures(s, judged, needed)], measures };
}

async function store(deps: TakeDeps, claims: SessionClaims, d: { gaze_source: RawMeasures['gaze_source']; steps: SessionStep[] }, m: QualityMeasures, status: 'complete' | 'screenout') {
  const result = await ingestSession(deps.db, {
    study_id: claims.studyId,
    session_id: claims.sessionId,
    participant: {
      reference: claims.reference, cell_id: claims.cellId, panel_id: claims.panelId,
      // The cursor (or the simulated source) is the gaze: its samples are analysed like gaze.
      has_eyetracking: true,
      gaze_source: d.gaze_source,
      // The server's own measures (verdict), never the browser's figures.
      calibration_accuracy_px: m.calibration_accuracy_px ?? null, calibration_precision_px: m.calibration_precision_px ?? null,
      frame_rate: m.frame_rate ?? null, connection_speed_kbps: m.connection_speed_kbps ?? null,
      status, is_test: claims.test,
      consent_version: claims.consent?.version ?? null,
      consented_at: claims.consent ? new Date(claims.consent.at * 1000).toISOString() : null,
    },
    steps: d.steps,
  });
  // Stored (whatever its status): the participant row now counts, or not, in the reservation's place.
  await repo.releaseReservation(deps.db, claims.studyId, claims.sessionId);
  // A session answers as stored (a retry, a quota-full start, a failed gate): a second delivery
  // with better measures never turns a screen-out into the panel's success, and a panel reference
  // that completed the study before is a duplicate (stored, never counted, sent to the screen-out
  // redirect so the panel does not count it twice either).
  const final = result.status === 'complete' ? 'complete' as const : result.status === 'duplicate' ? 'duplicate' as const : 'screenout' as const;
  const p = claims.panelId !== null ? await repo.findTakePanel(deps.db, claims.studyId, claims.panelId) : null;
  const url = result.status === 'complete' ? p?.successRedirectUrl : result.status === 'quota_full' ? p?.quotaFullRedirectUrl : p?.screenoutRedirectUrl;
  return { result, status: final, redirect: redirectWithParticipant(url, p?.participantInsertParameter, claims.reference) };
}

/**
 * A live session whose study stopped taking respondents since the start (completed, made not
 * live, paused): refused, unless it was stored before (a retry answers as stored). Its reservation
 * is released and the respondent is sent to the panel's quota-full redirect. Test sessions never
 * count, so they are always taken.
 */
async function lateRefusal(deps: TakeDeps, claims: SessionClaims): Promise<{ state: 'closed' | 'paused'; redirect: string | null } | null> {
  if (claims.test) return null;
  const s = await repo.findTakeStudy(deps.db, claims.studyId);
  const state = s ? fieldwork(s) : 'closed';
  if (state === 'open') return null;
  if (await findStoredSession(deps.db, claims.studyId, claims.sessionId)) return null;
  await repo.releaseReservation(deps.db, claims.studyId, claims.sessionId);
  const p = claims.panelId !== null ? await repo.findTakePanel(deps.db, claims.studyId, claims.panelId) : null;
  return { state, redirect: redirectWithParticipant(p?.quotaFullRedirectUrl, p?.participantInsertParameter, claims.reference) };
}

export type QualityOutcome =
  | { kind: 'invalid' }
  | { kind: 'no_consent' }
  | { kind: 'ok'; pass: boolean; failures: QualityFailure[]; participantId: number | null; redirect: string | null }
  | { kind: 'refused'; state: 'closed' | 'paused'; redirect: string | null };

/**
 * The quality gate: the token's measures against the study's thresholds. A pass stores nothing
 * and renews the session's reservation (the respondent is still at it); a failure stores the
 * session at once as screenout (whatever the runner does next, the respondent is out: counted,
 * never in the metrics) and answers the panel's screen-out redirect. A study that stopped taking
 * respondents since the start refuses first (lateRefusal).
 */
export async function checkTakeQuality(
  deps: TakeDeps, studyId: number,
  q: RawMeasures & { token: string; stage: 'connection' | 'calibration' | 'validation'; steps?: SessionStep[] },
): Promise<QualityOutcome> {
  const claims = await claimsOf(deps, studyId, q.token, q.gaze_source);
  if (!claims) return { kind: 'invalid' };
  // Nothing about a respondent is stored without their consent when the study asks for it (issue 41).
  if (!(await consented(deps, claims))) return { kind: 'no_consent' };
  const late = await lateRefusal(deps, claims);
  if (late) return { kind: 'refused', ...late };
  const { failures, measures } = await verdict(deps, claims, q, q.stage);
  if (!failures.length) {
    const nowMs = deps.now?.() ?? Date.now();
    await repo.renewReservation(deps.db, claims.studyId, claims.sessionId, new Date(nowMs), new Date(nowMs + deps.reservationTtlSeconds * 1000));
    return { kind: 'ok', pass: true, failures, participantId: null, redirect: null };
  }
  const { result, redirect } = await store(deps, claims, { gaze_source: q.gaze_source, steps: q.steps ?? [] }, measures, 'screenout');
  return { kind: 'ok', pass: false, failures, participantId: result.participant_id, redirect };
}

/**
 * Stores the token's session through the ingestion service (the same checks and idempotency as
 * POST /collect/session): a retry of a stored session answers duplicate and stores nothing. The
 * server measures the raw calibration again and judges it: a 'complete' that fails the study's
 * thresholds, or whose raw data are missing or implausible, is stored as screenout with the
 * server's measures (the runner's say-so never decides the outcome). A live session of a study
 * that stopped taking respondents since its start is refused (lateRefusal): nothing stored.
 */
export async function deliverTake(deps: TakeDeps, studyId: number, d: Delivery): Promise<DeliverOutcome> {
  const claims = await claimsOf(deps, studyId, d.token, d.gaze_source);
  if (!claims) return { kind: 'invalid' };
  // Nothing about a respondent is stored without their consent when the study asks for it (issue 41).
  if (!(await consented(deps, claims))) return { kind: 'no_consent' };
  const late = await lateRefusal(deps, claims);
  if (late) return { kind: 'refused', ...late };
  const { failures, measures } = await verdict(deps, claims, d, 'delivery');
  const { result, redirect, status } = await store(deps, claims, d, measures, failures.length ? 'screenout' : d.status);
  return { kind: 'ok', result, redirect, status, failures };
}
