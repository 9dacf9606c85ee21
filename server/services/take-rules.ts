// The respondent runner's pure rules (no database): which cell a respondent gets, when a cell is
// full, the panel redirect with the participant parameter, and the session token. services/take.ts
// applies them; server/test/take/rules.test.ts proves them.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export interface CellLoad {
  id: number;
  /** Counted respondents (live, complete) so far, plus the live starts that reserved the cell and are not stored yet. */
  counted: number;
}

/**
 * Respondents per cell: the study's requested participants spread over its cells, rounded up (a
 * study of 100 in 3 cells takes 34 per cell). 0 requested: no quota (null).
 */
export function cellQuota(participantsRequested: number, cellCount: number): number | null {
  if (!(participantsRequested > 0) || cellCount < 1) return null;
  return Math.ceil(participantsRequested / cellCount);
}

export type Assignment = { cellId: number; full: false } | { cellId: number; full: true };

/**
 * The cell of a new respondent. A link naming a cell keeps it (full when it reached its quota);
 * otherwise the cell with the fewest counted respondents that still has room, earlier cells first
 * on a tie; when every cell is full, the first cell, full. Test links are never full: their
 * sessions never count, so they must never be turned away (a researcher checks a full study).
 */
export function assignCell(cells: CellLoad[], quota: number | null, linkCellId: number | null, test: boolean): Assignment | null {
  if (!cells.length) return null;
  const hasRoom = (c: CellLoad) => test || quota === null || c.counted < quota;
  if (linkCellId !== null) {
    const c = cells.find((x) => x.id === linkCellId);
    if (!c) return null;
    return { cellId: c.id, full: !hasRoom(c) } as Assignment;
  }
  let best: CellLoad | null = null;
  for (const c of cells) if (hasRoom(c) && (best === null || c.counted < best.counted)) best = c;
  return best ? { cellId: best.id, full: false } : { cellId: cells[0].id, full: true };
}

/**
 * A panel redirect with the participant parameter set to the respondent's reference (a URL that
 * already ends in `rid=` gets it filled). Only http(s) URLs: anything else is no redirect (null).
 */
export function redirectWithParticipant(url: string | null | undefined, parameter: string | null | undefined, reference: string): string | null {
  const raw = url?.trim();
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const p = parameter?.trim();
  if (p) u.searchParams.set(p, reference);
  return u.toString();
}

/** The respondent's reference: the panel's parameter value, else one of our own. */
export function respondentReference(query: URLSearchParams, parameter: string | null | undefined): string {
  const p = parameter?.trim();
  const given = p ? query.get(p)?.trim() : '';
  // eslint-disable-next-line no-control-regex
  if (given && given.length <= 200 && !/[\u0000-\u001f\u007f]|\p{Cs}/u.test(given)) return given;
  return `gb-${randomUUID().slice(0, 13)}`;
}

// ---- session token ---------------------------------------------------------------------------------

export interface SessionClaims {
  studyId: number;
  cellId: number;
  panelId: number | null;
  test: boolean;
  reference: string;
  sessionId: string;
  /** Unix seconds. */
  expires: number;
  /** The respondent agreed to this version of the study's consent text at `at` (Unix seconds, the server's clock); absent: not (yet). */
  consent?: { version: number; at: number };
}

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`take-session\n${payload}`).digest('base64url');

/** `payload.sig`, both base64url: the payload is the claims as JSON. */
export function signSession(secret: string, c: SessionClaims): string {
  const claims = [c.studyId, c.cellId, c.panelId, c.test ? 1 : 0, c.reference, c.sessionId, c.expires, ...(c.consent ? [c.consent.version, c.consent.at] : [])];
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The claims when the signature holds, the study is `studyId` and it has not expired; else null. */
export function verifySession(secret: string, token: string, studyId: number, nowSeconds: number): SessionClaims | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  // 7 claims, or 9 with the consent (version, time) the respondent gave (issue 41).
  if (!Array.isArray(v) || (v.length !== 7 && v.length !== 9)) return null;
  const [sid, cellId, panelId, test, reference, sessionId, expires, version, at] = v as [number, number, number | null, number, string, string, number, number?, number?];
  const c: SessionClaims = {
    studyId: sid, cellId, panelId, test: test === 1, reference, sessionId, expires,
    ...(typeof version === 'number' && typeof at === 'number' ? { consent: { version, at } } : {}),
  };
  if (c.studyId !== studyId || !(c.expires > nowSeconds)) return null;
  return c;
}
