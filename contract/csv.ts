// The one CSV writer of every download the product writes: the server's exports and the files the
// SDK builds in the browser (D1-150, D3-269). It lives in contract/ because the file format is part
// of what the API promises and both sides may import this folder; it has no imports of its own.
//
// - comma delimiter, CRLF line breaks;
// - RFC 4180 quoting: a cell with a comma, a double quote, CR or LF is quoted, quotes doubled;
//   the spec's participant exports remove commas from texts instead (D1-114, D3-273:
//   `removeCommas`), and then fold line breaks into spaces, so such a file never needs quotes;
// - formula neutralising (OWASP "CSV injection"): a text cell that a spreadsheet would run as a
//   formula — one starting (after any white space) with = + - @ or their full-width forms, or with
//   a tab or a CR — gets a leading
//   apostrophe, which spreadsheets show as text. A text that is only a number ("-12.5") is left as
//   it is: it cannot run. Numbers, booleans and the header are data of ours and pass unchanged.

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Remove commas from texts and fold line breaks into spaces (the spec's legacy exports). */
  removeCommas?: boolean;
  /** Write non-integer numbers with exactly this many decimals (toFixed); otherwise as they are. */
  decimals?: number;
  /** End the last row with CRLF too (default); RFC 4180 allows either, and the legacy report files had none. */
  finalLineBreak?: boolean;
}

export const CSV_DELIMITER = ',';
export const CSV_LINE_BREAK = '\r\n';

// Leading white space is looked through: some spreadsheets trim it before deciding.
const FORMULA_START = /^[\t\r]|^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A text cell a spreadsheet would evaluate gets a leading apostrophe. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One cell as it stands in the file. */
export function csvCell(value: CsvCell, options: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return options.decimals !== undefined && !Number.isInteger(value) ? value.toFixed(options.decimals) : String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = String(value);
  if (options.removeCommas) text = text.replace(/,/g, '').replace(/[\r\n]+/g, ' ');
  text = neutraliseFormula(text);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the header first, when there is one) → CSV text. */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const text = rows.map((row) => row.map((v) => csvCell(v, options)).join(CSV_DELIMITER)).join(CSV_LINE_BREAK);
  return options.finalLineBreak === false ? text : text + CSV_LINE_BREAK;
}

/** Rows of objects → CSV with `columns` as the header, in that order. */
export function objectsToCsv<T extends Record<string, unknown>>(rows: readonly T[], columns: readonly (keyof T & string)[], options: CsvOptions = {}): string {
  return toCsv([columns, ...rows.map((r) => columns.map((c) => r[c] as CsvCell))], options);
}
