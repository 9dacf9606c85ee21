// CSV export of the demographic summary, through the one writer (contract/csv.ts): comma
// delimiter, CRLF line breaks, commas removed from texts (D1-114, D1-150), formulas neutralised.
import { toCsv as writeCsv, type CsvCell } from '../../../contract/csv';
import type { Pie } from './pies';

export const NO_DATA_ALERT = 'No Data to download';
export const CSV_HEADER = ['Group', 'Name', 'Count'];

/** The spec's client-built CSVs: commas removed from texts (not quoted), as the legacy export did. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return writeCsv(rows, { removeCommas: true, finalLineBreak: false });
}

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
  return pieTitle ? `participant-demographics-${pieTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv` : 'participant-demographics.csv';
}
