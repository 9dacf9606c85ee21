// Report downloads built on the client (D3-269..274): comma delimiter, CRLF, commas removed from
// texts (the one download module, sdk/core/download), file names of D3-270. An empty answer alerts 'No Data to
// download'; a failed one is reported to the caller, which shows 'Error downloading data'
// (resolution 8: never silent).
import type { ApiConfig } from '../api/client';
import {
  fetchFeatureReport, fetchParticipantReport, fetchStimReport, type FeatureAttentionResponse, type MetricName, type OverallAttentionResponse, type StimBody,
} from '../api/reports';
import type { CsvCell } from '../../../contract/csv';
import { toCsv } from '../download/csv';
import { downloadCsv, type DownloadRecordTarget } from '../download/download';
import { NORM_TYPES, placeOf, type NormTypeId } from './reports';
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

/** A number to at most 2 decimals (D3-271); empty for none. */
export const round2 = (v: number | null | undefined): number | '' => (v === null || v === undefined || !Number.isFinite(v) ? '' : Math.round(v * 100) / 100);

/**
 * Header of every column any row has (first-seen order), then one line per row, numbers to at
 * most 2 decimals as every report CSV (issue 15 item 3, like the batch downloads); null when empty.
 */
export function rowsCsv(rows: Record<string, unknown>[]): string | null {
  if (!rows.length) return null;
  const flat = rows.map((r) => flatten(r));
  const columns: string[] = [];
  for (const r of flat) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
  const cell = (v: unknown): CsvCell => (typeof v === 'number' ? round2(v) : typeof v === 'object' && v !== null ? JSON.stringify(v) : v as CsvCell);
  return toCsv([columns, ...flat.map((r) => columns.map((c) => cell(r[c])))]);
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

export type TableDownload = 'kpi-attention-table-data' | 'key-feature-metrics-table';

/** The placement label of an answer row (full, never cut: CSVs carry whole names). */
type LabelOf = (d: { cell_id: number; step_id: number; stim_id: number; stim_name: string; stim_label?: string }) => string;
const answerLabel: LabelOf = (d) => d.stim_label ?? d.stim_name;

const KPI_TABLE_METRICS: { name: MetricName; label: string }[] = [
  { name: 'panelist_viewable_percent', label: '% Stim Viewable' },
  { name: 'avg_stim_viewable_time', label: 'Average Stim Viewable Time' },
  { name: 'panelist_viewed_percent', label: '% Stim Viewed' },
  { name: 'avg_stim_dwell_time', label: 'Average Stim Dwell Time' },
  { name: 'attention_per_1000_impressions', label: 'Attention Per 1000 Impressions (s)' },
  { name: 'avg_page_dwell_time', label: 'Average page dwell time' },
  { name: 'panelist_viewable_script_percent', label: 'Panelist viewable script percent' },
  { name: 'avg_time_to_first_view', label: 'Average time to first view (from the first viewable moment)' },
];

/** The compare report's 'Eye tracking KPIs' table: one line per stim and metric, against the chosen norm. */
export function kpiTableCsv(data: OverallAttentionResponse, labelOf: LabelOf = answerLabel): string | null {
  const norm = NORM_TYPES[data.current_norm_type as NormTypeId] ?? '';
  return rowsCsv(data.data.flatMap((d) => KPI_TABLE_METRICS.map((m) => ({
    cell_id: d.cell_id, step_id: d.step_id, stim_id: d.stim_id, stim_name: d.stim_name, stim_label: labelOf(d), metric: m.name, label: m.label,
    actual: round2(d.stim_data[m.name]), norm: round2(d.norm_data[m.name]), norm_type: norm,
    base_size: d.stim_data.base_size, norm_size: d.norm_data.norm_size,
  }))));
}

/** The compare report's 'Feature attention' table: one line per stim and feature, numbers to 2 decimals (D3-271). */
export function featureTableCsv(data: FeatureAttentionResponse, labelOf: LabelOf = answerLabel): string | null {
  const norm = NORM_TYPES[data.current_norm_type as NormTypeId] ?? '';
  return rowsCsv(data.data.flatMap((d) => data.feature_tag_list.map((tag) => {
    const f = d.feature_data[tag];
    const n = d.norm_data[tag];
    return {
      cell_id: d.cell_id, step_id: d.step_id, stim_id: d.stim_id, stim_name: d.stim_name, stim_label: labelOf(d), feature: tag,
      avg_feature_dwell_time: round2(f?.avg_feature_dwell_time), panelist_viewed_percent: round2(f?.panelist_viewed_percent),
      norm_avg_feature_dwell_time: round2(n?.avg_feature_dwell_time), norm_panelist_viewed_percent: round2(n?.panelist_viewed_percent),
      // A tag the stim has no AOI of answers nulls (issue 39): its row stays as empty as before.
      norm_type: norm, norm_size: f && f.panelist_viewed_percent !== null ? n?.norm_size ?? '' : '',
    };
  })));
}

/**
 * Saves a table's CSV as `<kind>.csv`; false (and 'No Data to download') when empty. With
 * `record`, the file is also listed in My Downloads, like every other report download (issue 15).
 */
export function downloadTable(kind: TableDownload, csv: string | null, record?: DownloadRecordTarget): boolean {
  return downloadCsv(csv, `${kind}.csv`, record);
}
