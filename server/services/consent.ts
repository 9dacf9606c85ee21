// Respondents' informed consent (issue 41; docs/privacy.md): the study's consent text as the
// researcher edits it and the runner shows it. The texts are versioned: an edit that changes the
// text adds a version, and the first take-link start of a study that never wrote its own stores the
// default text as version 1, so every respondent's consent names a stored text.
import { defaultConsentText } from '../domain/consent.js';
import type { Db } from '../db/client.js';
import * as repo from '../repositories/consent.js';

/** The text shown now: the highest stored version, or the default for the study's company (version 0: not stored yet). */
export async function consentTextOf(db: Db, studyId: number): Promise<repo.ConsentText> {
  return (await repo.currentConsentText(db, studyId)) ?? { version: 0, text: defaultConsentText(await repo.controllerName(db, studyId)) };
}

/** The stored text a respondent is asked to agree to: the default is stored as version 1 the first time. */
export async function consentToShow(db: Db, studyId: number): Promise<repo.ConsentText> {
  const stored = await repo.currentConsentText(db, studyId);
  if (stored) return stored;
  await repo.ensureFirstConsentText(db, studyId, defaultConsentText(await repo.controllerName(db, studyId)));
  return (await repo.currentConsentText(db, studyId))!;
}

/**
 * Saves the researcher's text as a new version when it differs from the text shown now (the
 * default included); the same text adds nothing. Call inside the study edit's transaction, which
 * holds the study's row lock (versions are numbered under it).
 */
export async function saveConsentText(tx: Db, studyId: number, text: string, userId: number): Promise<void> {
  const now = await consentTextOf(tx, studyId);
  if (now.text === text) return;
  await repo.addConsentText(tx, studyId, text, userId);
}

/** Normalises a consent text as stored: line ends as \n, trailing spaces and outer blank lines removed. */
export function normaliseConsentText(text: string): string {
  return text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd()).join('\n').trim();
}
