// The batch downloads (spec D3 §7): CSV built on the client — comma delimiter, CRLF line breaks,
// numbers to 2 decimals, commas removed from texts, formulas neutralised — written and saved by
// the one download module (sdk/core/download). Failures are swallowed silently (D3-274).
import { objectsCsv } from '../download/csv';
import { saveFile } from '../download/download';
import {
  fetchBatchFeatureParticipants, fetchBatchParticipants, fetchBatchReportData, fetchBatchStats,
} from '../api/batches';
import { METRIC_NAMES } from '../../../contract/values/reports';
import type { BatchReportResponse } from '../../../contract/batches';
import type { ApiConfig } from '../api/client';
import type { BatchRef } from '../api/batches';


export const BATCH_FILES = {
  participant: 'batch-participant-data',
  feature: 'batch-feature-data',
  stim: 'batch-stim-data',
  kpi: 'kpi-attention-table-data',
  keyFeatures: 'key-feature-metrics-table',
} as const;

function save(csv: string, name: string): void {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
}

const PARTICIPANT_COLUMNS = [
  'participant_reference', 'identifier', 'stim_name', 'age_group', 'family_group', 'earnings_group', 'gender_group', 'has_eyetracking',
  'in_base', 'page_dwell_time', 'viewable', 'viewable_time', 'viewed', 'dwell_time', 'time_to_first_view', 'fixation_count',
] as const;

/** batch-stim-data: one row per stim, its metrics and then the norm's (the same numbers as the KPI report). */
export const STIM_DATA_COLUMNS = [
  'identifier', 'stim_name', 'stim_type', 'base_size', ...METRIC_NAMES,
  'norm_size', ...METRIC_NAMES.map((m) => `norm_${m}` as const),
] as const;

/** The rows of batch-stim-data from /batch/report-data (only `internalStimId`'s when given). */
export function stimDataRows(data: BatchReportResponse['data'], internalStimId?: number): Record<string, unknown>[] {
  return data
    .filter((s) => internalStimId === undefined || s.internal_stim_id === internalStimId)
    .map((s) => ({
      identifier: s.identifier, stim_name: s.stim_name, stim_type: s.stim_type,
      ...s.stim_data,
      ...Object.fromEntries(Object.entries(s.norm_data).map(([k, v]) => [k === 'norm_size' ? k : `norm_${k}`, v])),
    }));
}

export type BatchDownload = keyof Pick<typeof BATCH_FILES, 'participant' | 'feature' | 'stim'>;

/**
 * Fetches and saves one batch download; `stim` narrows it to one batch stim (and its step).
 * participant → /batch/report-participant; feature → /batch/report-participant-feature-data (the
 * legacy client fetched participant rows here by mistake); stim → /batch/report-data: the stim's
 * metrics and norms (issue 38: it used to save the participant rows again).
 * Resolves false (and saves nothing) on any failure.
 */
export async function downloadBatch(api: ApiConfig, kind: BatchDownload, ref: BatchRef, stim?: { internal_stim_id: number; internal_step_id?: number | null }): Promise<boolean> {
  const body = { ...ref, ...(stim ? { internal_stim_id: stim.internal_stim_id, ...(stim.internal_step_id ? { internal_step_id: stim.internal_step_id } : {}) } : {}) };
  try {
    if (kind === 'participant') {
      const r = await fetchBatchParticipants(api, body);
      save(objectsCsv(r.data, [...PARTICIPANT_COLUMNS]), BATCH_FILES.participant);
    } else if (kind === 'feature') {
      const r = await fetchBatchFeatureParticipants(api, body);
      const rows = r.data.flatMap((s) => s.participant_data.map((p) => ({ stim_id: s.stim_id, identifier: s.identifier, stim_name: s.stim_name, ...p })));
      save(objectsCsv(rows, ['stim_id', 'identifier', 'stim_name', 'participant_reference', 'feature_name', 'dwell_time', 'time_to_first_fixation', 'fixation_count']), BATCH_FILES.feature);
    } else {
      const r = await fetchBatchReportData(api, body);
      save(objectsCsv(stimDataRows(r.data, stim?.internal_stim_id), [...STIM_DATA_COLUMNS] as string[]), BATCH_FILES.stim);
    }
    return true;
  } catch {
    return false;
  }
}

/** The KPI table as shown (Metric, Actual, Norms), from /batch/report-stats. */
export async function downloadKpiTable(api: ApiConfig, ref: BatchRef, internalStimId: number): Promise<boolean> {
  try {
    const r = await fetchBatchStats(api, { ...ref, internal_stim_id: internalStimId });
    save(objectsCsv(r.data, ['stim_name', 'label', 'actual', 'norm', 'base_size', 'norm_size']), BATCH_FILES.kpi);
    return true;
  } catch {
    return false;
  }
}

/** Saves rows already on screen (the key feature metrics table). */
export function saveRows<T extends Record<string, unknown>>(rows: T[], columns: (keyof T & string)[], name: string): void {
  save(objectsCsv(rows, columns), name);
}
