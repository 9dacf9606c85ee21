// The CSV texts of every download the SDK builds in the browser, through the one writer
// (contract/csv.ts: comma delimiter, CRLF line breaks, formulas neutralised). Two shapes only:
// rows of cells (reports, questions, demographics) and rows of objects (batches, numbers to 2 decimals).
import { objectsToCsv, toCsv as writeCsv, type CsvCell } from '../../../contract/csv';

/** The alert of a download with nothing in it (D1-113). */
export const NO_DATA_ALERT = 'No Data to download';

/** The spec's client-built CSVs: commas removed from texts (not quoted), as the legacy export did (D1-114, D1-150). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return writeCsv(rows, { removeCommas: true, finalLineBreak: false });
}

/**
 * Rows of objects → CSV with a header of `columns` (in that order): commas removed from texts
 * (D3-273), numbers to 2 decimals.
 */
export function objectsCsv<T extends Record<string, unknown>>(rows: T[], columns: (keyof T & string)[]): string {
  return objectsToCsv(rows, columns, { removeCommas: true, decimals: 2 });
}
