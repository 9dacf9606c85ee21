// CSV export of the demographic summary: its rows and file name; written and saved by the one
// download module (sdk/core/download).
import { toCsv } from '../download/csv';
import { fileSlug } from '../download/download';
import type { Pie } from './pies';

export const CSV_HEADER = ['Group', 'Name', 'Count'];

/** Rows of the given pies (every slice, 'Other' included); [] when no slice counts anyone. */
export function demographicRows(pies: Pie[]): (string | number)[][] {
  const rows = pies.flatMap((p) => p.slices.map((s) => [p.title, s.name, s.y] as (string | number)[]));
  return rows.some((r) => Number(r[2]) > 0) ? rows : [];
}

/** The CSV text, or null when there is nothing to download. */
export function demographicCsv(pies: Pie[]): string | null {
  const rows = demographicRows(pies);
  return rows.length ? toCsv([CSV_HEADER, ...rows]) : null;
}

/** File name: participant-demographics[-<group>].csv. */
export function csvFileName(pieTitle?: string): string {
  return pieTitle ? `participant-demographics-${fileSlug(pieTitle)}.csv` : 'participant-demographics.csv';
}
