// Take-study links: the URLs panels send respondents to, `/take/{study}?…`. The respondent runner
// (a later issue) serves them and reuses verifyTakeLink; the study links call (POST
// /v1.0/studies/{id}/links) makes them. Documented in docs/api.md "Take-study links".
//
//   /take/{study}?cell={cell}&panel={panel}&test=1&sig={sig}&{participant_insert_parameter}=
//
// - cell: the cell to run (left out: the runner assigns one); panel: the panel the respondent came
//   from (left out: our own panel); test=1: a testing link (its sessions are test sessions).
// - sig: HMAC-SHA256 over "take", study, cell, panel and test (0 for a missing one), base64url, 22
//   characters (128 bits). A link of one study cannot be edited into another study, cell, panel or
//   live/test without the server's secret. No expiry: a link stays valid for the study's life.
// - The panel's participant insert parameter comes last with an empty value: the panel appends
//   its respondent id. It is not signed (it differs per respondent).
// Pure: the caller passes the secret (services/study-links.ts keeps it).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TakeLink {
  studyId: number;
  /** null: the runner assigns a cell. */
  cellId: number | null;
  /** null: our own panel. */
  panelId: number | null;
  test: boolean;
}

/** Query names the link uses itself; a panel's participant parameter may not be one of them. */
export const TAKE_LINK_RESERVED = ['cell', 'panel', 'test', 'sig'] as const;
const SIG_LENGTH = 22;

function mac(secret: string, l: TakeLink): string {
  const subject = ['take', l.studyId, l.cellId ?? 0, l.panelId ?? 0, l.test ? 1 : 0].join('\n');
  return createHmac('sha256', secret).update(subject).digest('base64url').slice(0, SIG_LENGTH);
}

/** The path and query of a take-study link (prefix it with the server's origin). */
export function takeLinkPath(secret: string, l: TakeLink, participantParameter?: string | null): string {
  const q = new URLSearchParams();
  if (l.cellId) q.set('cell', String(l.cellId));
  if (l.panelId) q.set('panel', String(l.panelId));
  if (l.test) q.set('test', '1');
  q.set('sig', mac(secret, l));
  const param = participantParameter?.trim();
  return `/take/${l.studyId}?${q.toString()}${param ? `&${encodeURIComponent(param)}=` : ''}`;
}

const ID = /^[1-9][0-9]{0,9}$/;
const id = (v: string | null): number | null | undefined => {
  if (v === null) return null;
  if (!ID.test(v) || Number(v) > 2147483647) return undefined;
  return Number(v);
};

/**
 * The link's values when its signature holds, else null. Accepts a full URL or a path with query
 * (`/take/12?…`); extra query parameters (the participant's id) are ignored.
 */
export function verifyTakeLink(secret: string, url: string): TakeLink | null {
  let u: URL;
  try {
    u = new URL(url, 'http://link.invalid');
  } catch {
    return null;
  }
  const m = /^\/take\/([^/]+)\/?$/.exec(u.pathname);
  const studyId = m ? id(m[1]) : undefined;
  const cellId = id(u.searchParams.get('cell'));
  const panelId = id(u.searchParams.get('panel'));
  const testValue = u.searchParams.get('test');
  const sig = u.searchParams.get('sig');
  if (!studyId || cellId === undefined || panelId === undefined || (testValue !== null && testValue !== '1') || !sig) return null;
  const link: TakeLink = { studyId, cellId, panelId, test: testValue === '1' };
  const a = Buffer.from(mac(secret, link));
  const b = Buffer.from(sig);
  return a.length === b.length && timingSafeEqual(a, b) ? link : null;
}
