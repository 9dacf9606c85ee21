// Report downloads built on the client (D3-269..274): comma delimiter, CRLF, commas removed from
// texts (the demographics CSV helpers), file names of D3-270. An empty answer alerts 'No Data to
// download'; a failed one is reported to the caller, which shows 'Error downloading data'
// (resolution 8: never silent).
import type { ApiConfig } from '../api/client';
import { fetchFeatureReport, fetchParticipantReport, fetchStimReport, type StimBody } from '../api/reports';
import { toCsv } from '../demographics/csv';
import { downloadCsv } from '../demographics/download';
import { placeOf } from './reports';
import type { StimKey } from './keys';

export const DOWNLOAD_ERROR = 'Error downloading data';

export type ReportDownload = 'stim-data' | 'participant-data' | 'feature-data';

/** Nested objects flattened to dotted columns, as the legacy FlattenObject did. */
export function flatten(row: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const name = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatten(v as Record<string, unknown>, name));
    else out[name] = v;
  }
  return out;
}

/** Header of every column any row has (first-seen order), then one line per row; null when empty. */
export function rowsCsv(rows: Record<string, unknown>[]): string | null {
  if (!rows.length) return null;
  const flat = rows.map((r) => flatten(r));
  const columns: string[] = [];
  for (const r of flat) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
  return toCsv([columns, ...flat.map((r) => columns.map((c) => r[c] ?? ''))]);
}

/** Fetches and saves one download; resolves true when saved, false when empty; throws on failure. */
export async function downloadReport(api: ApiConfig, kind: ReportDownload, stim: StimKey, body: StimBody = {}): Promise<boolean> {
  const place = placeOf(stim);
  let rows: Record<string, unknown>[];
  if (kind === 'stim-data') rows = (await fetchStimReport(api, place, body)).data;
  else if (kind === 'participant-data') rows = (await fetchParticipantReport(api, place, body)).data;
  else {
    // One line per participant and feature, with the stim it belongs to.
    rows = (await fetchFeatureReport(api, place, body)).data.flatMap(({ participant_data, ...stimCols }) =>
      participant_data.map((p) => ({ ...stimCols, ...p })));
  }
  return downloadCsv(rowsCsv(rows), `${kind}.csv`, { api, studyId: place.studyId });
}
