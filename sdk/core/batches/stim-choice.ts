import type { BatchStimsResponse } from '../api/batches';

export const NO_BATCH_STIMS = 'This batch has no stims to report on yet.';

export type ReportStim = { stimId: number } | { state: 'loading' | 'none' | 'error' };

/**
 * The stim a batch report page shows: the address's stimId, or — for the spec's address without
 * one (?id=&vendorId=) — the batch's first stim, so the page is never empty. 'none' when the batch
 * has no stims, 'error' when they could not be loaded.
 */
export function chooseReportStim(stimId: number | undefined, stims: { status: string; data?: BatchStimsResponse | null }): ReportStim {
  if (Number(stimId ?? 0) > 0) return { stimId: Number(stimId) };
  if (stims.status === 'error') return { state: 'error' };
  if (!stims.data) return { state: 'loading' };
  const first = stims.data.data[0];
  return first ? { stimId: first.internal_stim_id } : { state: 'none' };
}
