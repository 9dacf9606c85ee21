// The metrics reports show, with their labels and how each is formatted.
import type { MetricName } from '../../core/api/reports';
import type { MetricKind } from './format';

export interface MetricRow {
  name: MetricName;
  label: string;
  kind: MetricKind;
  /** What it means (the info views). */
  about: string;
}

/** The KPI funnel, top to bottom (D3-216). */
export const FUNNEL: MetricRow[] = [
  { name: 'panelist_viewable_percent', label: '% Stim Viewable', kind: 'percent', about: 'Share of measured impressions in which the stim was viewable (at least half of it on a focused screen for a second; two for video).' },
  { name: 'avg_stim_viewable_time', label: 'Average Stim Viewable Time', kind: 'seconds', about: 'How long the stim stayed viewable, on average, when it was viewable.' },
  { name: 'panelist_viewed_percent', label: '% Stim Viewed', kind: 'percent', about: 'Of the viewable impressions, the share in which the respondent looked at the stim (a fixation of at least 100 ms).' },
  { name: 'avg_stim_dwell_time', label: 'Average Stim Dwell Time', kind: 'seconds', about: 'Seconds of looking at the stim, on average, by those who viewed it.' },
  { name: 'attention_per_1000_impressions', label: 'Attention Per 1000 Impressions (s)', kind: 'number', about: '% viewable × % viewed × average stim dwell time × 1000: the seconds of attention 1000 impressions buy.' },
];

/** The 'Eye tracking KPIs' table: the funnel and the page and script measures. */
export const KPI_TABLE: MetricRow[] = [
  ...FUNNEL,
  { name: 'avg_page_dwell_time', label: 'Average page dwell time', kind: 'seconds', about: 'Seconds respondents spent on the page (or step) that showed the stim.' },
  { name: 'panelist_viewable_script_percent', label: 'Panelist viewable script percent', kind: 'percent', about: 'Viewable impressions of all impressions, with or without eye tracking.' },
  { name: 'avg_time_to_first_view', label: 'Average time to first view', kind: 'seconds', about: 'Seconds from the stim becoming viewable to the first look at it, for those who viewed it.' },
];

export const FUNNEL_NOTE = 'How your key statistics interact to predict attention per 1000 impressions';
