// TypeBox-free values of contract/reports.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../reports.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

/** The attention metrics (docs/metrics.md): percents 0–100, times in seconds, null when nobody qualifies. */
export const METRIC_NAMES = [
  'panelist_viewable_script_percent',
  'avg_page_dwell_time',
  'panelist_viewable_percent',
  'avg_stim_viewable_time',
  'panelist_viewed_percent',
  'avg_stim_dwell_time',
  'attention_per_1000_impressions',
  'avg_time_to_first_view',
  'percent_viewable',
  'avg_viewed_time',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];
