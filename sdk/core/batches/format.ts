// How batch reports show numbers (spec D3 §9): times with 1 decimal and 's', percents whole,
// thousands delimited; the attention curve's x in seconds with 1 decimal (the server already
// divides its millisecond points by 1000, D3-146).
export type MetricKind = 'time' | 'percent' | 'number';

/** The Key Attention Metrics rows, in funnel order, with how each is shown. */
export const KPI_ROWS: { metric: string; label: string; kind: MetricKind }[] = [
  { metric: 'panelist_viewable_percent', label: '% Stim Viewable', kind: 'percent' },
  { metric: 'avg_stim_viewable_time', label: 'Average Stim Viewable Time', kind: 'time' },
  { metric: 'panelist_viewed_percent', label: '% Stim Viewed', kind: 'percent' },
  { metric: 'avg_stim_dwell_time', label: 'Average Stim Dwell Time', kind: 'time' },
  { metric: 'attention_per_1000_impressions', label: 'Attention Per 1000 Impressions (s)', kind: 'number' },
  { metric: 'avg_page_dwell_time', label: 'Average Page Dwell Time', kind: 'time' },
  { metric: 'avg_time_to_first_view', label: 'Average Time To First View', kind: 'time' },
];

const grouped = (n: number, digits: number) => n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function formatMetric(value: number | null | undefined, kind: MetricKind): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  if (kind === 'time') return `${grouped(value, 1)}s`;
  if (kind === 'percent') return `${grouped(value, 0)}%`;
  return grouped(value, 1);
}

/** Attention curve x (seconds from the server), 1 decimal (D3-146). */
export const curveSeconds = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * The address of a stim's batch report page: 'kpi' (attention metrics, curve, heatmaps) or
 * 'stim_report' (features). The spec's query (?id=&vendorId=) plus &stimId= naming the stim.
 */
export function batchReportPath(ref: { internal_batch_id: string; internal_vendor_id: string }, stimId: number, page: 'kpi' | 'stim_report'): string {
  const b = encodeURIComponent(ref.internal_batch_id);
  const v = encodeURIComponent(ref.internal_vendor_id);
  return `/my_batches/batch_overview/${b}&${v}/${page}?id=${b}&vendorId=${v}&stimId=${stimId}`;
}
