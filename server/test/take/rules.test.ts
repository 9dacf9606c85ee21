// Issue 22 items 1, 5: the respondent runner's pure rules — cell assignment (balanced, the link's
// cell), quota per cell from the panel size, test links never refused, the panel redirect with the
// participant parameter, and the session token (signed, bound to its study, expiring).
import { describe, expect, it } from 'vitest';
import {
  assignCell, cellQuota, redirectWithParticipant, respondentReference, signSession, verifySession, type SessionClaims,
} from '../../services/take-rules.js';

describe('cell quota (issue 22 item 5: quota from the panel size per cell)', () => {
  it('spreads the requested participants over the cells, rounding up; 0 requested is no quota', () => {
    expect(cellQuota(100, 3)).toBe(34);
    expect(cellQuota(200, 2)).toBe(100);
    expect(cellQuota(0, 2)).toBeNull();
    expect(cellQuota(50, 0)).toBeNull();
  });
});

describe('cell assignment (issue 22 item 1)', () => {
  const cells = [{ id: 7, counted: 3 }, { id: 8, counted: 1 }, { id: 9, counted: 1 }];
  it('gives a respondent without a cell in the link the cell with the fewest counted respondents, earlier first on a tie', () => {
    expect(assignCell(cells, 10, null, false)).toEqual({ cellId: 8, full: false });
    expect(assignCell([{ id: 1, counted: 0 }, { id: 2, counted: 0 }], null, null, false)).toEqual({ cellId: 1, full: false });
  });
  it("keeps the link's cell, and says full when that cell reached its quota", () => {
    expect(assignCell(cells, 10, 7, false)).toEqual({ cellId: 7, full: false });
    expect(assignCell(cells, 3, 7, false)).toEqual({ cellId: 7, full: true });
  });
  it('skips full cells and is full only when every cell is', () => {
    expect(assignCell([{ id: 1, counted: 3 }, { id: 2, counted: 5 }, { id: 3, counted: 4 }], 5, null, false)).toEqual({ cellId: 1, full: false });
    expect(assignCell([{ id: 1, counted: 2 }, { id: 2, counted: 1 }], 2, null, false)).toEqual({ cellId: 2, full: false });
    expect(assignCell([{ id: 1, counted: 2 }, { id: 2, counted: 2 }], 2, null, false)).toEqual({ cellId: 1, full: true });
  });
  it('never turns a test link away, and refuses a cell of another study or no cells at all', () => {
    expect(assignCell([{ id: 1, counted: 2 }], 2, null, true)).toEqual({ cellId: 1, full: false });
    expect(assignCell([{ id: 1, counted: 2 }], 2, 1, true)).toEqual({ cellId: 1, full: false });
    expect(assignCell(cells, 10, 99, false)).toBeNull();
    expect(assignCell([], 10, null, false)).toBeNull();
  });
});

describe('panel redirects with the participant parameter (issue 22 item 5)', () => {
  it('sets the parameter, filling an empty one the URL already carries, and keeps other parameters', () => {
    expect(redirectWithParticipant('https://panel.example/done?status=1', 'rid', 'r 42')).toBe('https://panel.example/done?status=1&rid=r+42');
    expect(redirectWithParticipant('https://panel.example/done?rid=', 'rid', 'abc')).toBe('https://panel.example/done?rid=abc');
    expect(redirectWithParticipant('https://panel.example/done', '', 'abc')).toBe('https://panel.example/done');
  });
  it('answers no redirect for an empty, unparsable or non-http URL', () => {
    for (const bad of ['', '  ', 'not a url', 'javascript:alert(1)', 'ftp://x.example/a', null, undefined]) {
      expect(redirectWithParticipant(bad, 'rid', 'abc'), String(bad)).toBeNull();
    }
  });
  it("takes the respondent's reference from the panel's parameter, else makes one", () => {
    expect(respondentReference(new URLSearchParams('sig=x&rid=P-17'), 'rid')).toBe('P-17');
    expect(respondentReference(new URLSearchParams('sig=x&rid='), 'rid')).toMatch(/^gb-[\w-]{13}$/);
    expect(respondentReference(new URLSearchParams('rid=a%00b'), 'rid')).toMatch(/^gb-/);
    expect(respondentReference(new URLSearchParams(`rid=${'x'.repeat(201)}`), 'rid')).toMatch(/^gb-/);
    expect(respondentReference(new URLSearchParams('rid=P-17'), null)).toMatch(/^gb-/);
  });
});

describe('session token (issue 22 item 6: the link, not the collection key, is the credential)', () => {
  const claims: SessionClaims = { studyId: 5, cellId: 9, panelId: null, test: true, reference: 'P-1', sessionId: 'take-abc', expires: 2_000 };
  const token = signSession('secret', claims);
  it('round-trips its claims for its own study before it expires', () => {
    expect(verifySession('secret', token, 5, 1_999)).toEqual(claims);
  });
  it('is refused when expired, for another study, with another secret or when edited', () => {
    expect(verifySession('secret', token, 5, 2_000)).toBeNull();
    expect(verifySession('secret', token, 6, 1_000)).toBeNull();
    expect(verifySession('other', token, 5, 1_000)).toBeNull();
    const [payload, sig] = token.split('.');
    const edited = Buffer.from(JSON.stringify([5, 9, null, 0, 'P-1', 'take-abc', 2_000])).toString('base64url');
    expect(verifySession('secret', `${edited}.${sig}`, 5, 1_000)).toBeNull();
    expect(verifySession('secret', `${payload}.${sig}.x`, 5, 1_000)).toBeNull();
    expect(verifySession('secret', 'garbage', 5, 1_000)).toBeNull();
  });
});
