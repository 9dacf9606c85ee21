// The take-study links of a study (spec document 2 §3.4): testing and live, our own panel first,
// per cell and per panel, signed with the server's take-link secret (domain/take-link.ts says
// how). The secret is derived from URL_SECRET when set, else generated once and kept in
// app_setting, so every server process on the database makes and accepts the same links.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { getSetting, setSettingOnce } from '../repositories/settings.js';
import { cellsOf, panelsOf } from '../repositories/study-management.js';
import { takeLinkPath } from '../domain/take-link.js';

const secrets = new WeakMap<object, string>();

/** The take-link secret (cached per database handle). */
export async function takeLinkSecret(db: Db, urlSecret?: string): Promise<string> {
  if (urlSecret) return createHmac('sha256', urlSecret).update('take-link').digest('hex');
  const cached = secrets.get(db);
  if (cached) return cached;
  const secret = (await getSetting(db, 'take_link_secret')) ?? (await setSettingOnce(db, 'take_link_secret', randomBytes(32).toString('hex')));
  secrets.set(db, secret);
  return secret;
}

/**
 * The take-link secret when one exists (cached once read). Never creates it: until the first link
 * was made there is no secret and no valid link, and a refused request must change nothing
 * (tests/security/fuzz).
 */
export async function existingTakeLinkSecret(db: Db, urlSecret?: string): Promise<string | null> {
  if (urlSecret) return takeLinkSecret(db, urlSecret);
  const cached = secrets.get(db);
  if (cached) return cached;
  const stored = await getSetting(db, 'take_link_secret');
  if (stored) secrets.set(db, stored);
  return stored;
}

export interface CellLinkView { cell_id: number; cell_name: string; short_name: string; standard: string; auto_start: string }
export interface LinkSetView {
  standard: string;
  auto_start: string;
  cell_links: CellLinkView[];
  panel_links: { panel_id: number; panel_name: string; standard: string; cell_links: CellLinkView[] }[];
}

export async function studyLinks(db: Db, studyId: number, origin: string, urlSecret?: string): Promise<{ testing_links: LinkSetView; live_links: LinkSetView }> {
  const [secret, cells, panels] = await Promise.all([takeLinkSecret(db, urlSecret), cellsOf(db, studyId), panelsOf(db, studyId)]);
  const set = (test: boolean): LinkSetView => {
    const link = (cellId: number | null, panelId: number | null, param?: string | null) =>
      origin + takeLinkPath(secret, { studyId, cellId, panelId, test }, param);
    const standard = link(null, null);
    // The legacy links table heads its columns with short_name and opens auto_start per cell. The
    // panel's participant parameter stays last (the panel appends its id to the address).
    const cellLink = (c: { id: number; name: string; shortName: string }, panelId: number | null, param?: string | null): CellLinkView => {
      const bare = link(c.id, panelId);
      const tail = link(c.id, panelId, param).slice(bare.length);
      return { cell_id: c.id, cell_name: c.name, short_name: c.shortName, standard: bare + tail, auto_start: `${bare}&autostart=1${tail}` };
    };
    return {
      standard,
      auto_start: `${standard}&autostart=1`,
      cell_links: cells.map((c) => cellLink(c, null)),
      panel_links: panels.map((p) => ({
        panel_id: p.id,
        panel_name: p.name,
        standard: link(null, p.id, p.participantInsertParameter),
        cell_links: cells.map((c) => cellLink(c, p.id, p.participantInsertParameter)),
      })),
    };
  };
  return { testing_links: set(true), live_links: set(false) };
}
