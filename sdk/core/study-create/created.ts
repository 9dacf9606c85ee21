// The new-study success message (spec D3 §2.9): the wizard keeps it once the study is created, the
// order confirmation shows its links table when it exists. Kept for the browser tab
// (sessionStorage) so a reload of the thank-you page still shows the links; per study id, so two
// studies created one after the other never mix.
import type { CreateStudySuccess } from '../api/study-create';

const KEY = (studyId: number) => `gaze.new-study.${studyId}`;
const memory = new Map<number, CreateStudySuccess>();

export function rememberCreated(message: CreateStudySuccess): void {
  memory.set(message.study_id, message);
  try {
    sessionStorage.setItem(KEY(message.study_id), JSON.stringify(message));
  } catch {
    // Storage refused (private mode, quota): the in-memory copy serves this page.
  }
}

export function createdMessage(studyId: number): CreateStudySuccess | null {
  const kept = memory.get(studyId);
  if (kept) return kept;
  try {
    const raw = sessionStorage.getItem(KEY(studyId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CreateStudySuccess;
    return parsed && parsed.study_id === studyId ? parsed : null;
  } catch {
    return null;
  }
}

/** '&participant=' and what follows it (the panel's respondent id placeholder) is not shown (§2.9). */
export const stripParticipant = (url: string): string => url.replace(/&participant=[^&]*/g, '');

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth'] as const;
/** 1 → 'first' … 15 → 'fifteenth' (§9); beyond, the number with its suffix. */
export function ordinal(n: number): string {
  if (n >= 1 && n <= ORDINALS.length) return ORDINALS[n - 1];
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${s}`;
}
