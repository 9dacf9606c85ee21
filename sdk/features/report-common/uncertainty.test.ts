import { describe, expect, it } from 'vitest';
import { baseText, normUncertaintyText, uncertaintyText, type StimStats } from './uncertainty';

const stats = {
  base_size: 5, insufficient_gaze: 1,
  panelist_viewable_percent: { low: 37.55, high: 96.38, k: 4, n: 5 },
  panelist_viewed_percent: { low: null, high: null, k: 0, n: 0 },
  panelist_viewable_script_percent: { low: 35.89, high: 91.78, k: 5, n: 7 },
  avg_page_dwell_time: { se: 1.414214, n: 5 }, avg_stim_viewable_time: { se: 0.957427, n: 4 },
  avg_stim_dwell_time: { se: 0.57735, n: 3 }, avg_time_to_first_view: { se: null, n: 1 },
  percent_viewable: { se: 16.911535, n: 5 }, avg_viewed_time: { se: 0.645497, n: 4 },
  attention_per_1000_impressions: { se: 583.095189, n: 5 },
} as StimStats;

describe('uncertainty beside the figures (issue 15 item 4)', () => {
  it('a Wilson interval for a share, a standard error for a mean, each with its base n', () => {
    expect(uncertaintyText('panelist_viewable_percent', 'percent', stats)).toBe('95% CI 38–96% · n 5');
    expect(uncertaintyText('avg_stim_dwell_time', 'seconds', stats)).toBe('± 0.6s SE · n 3');
    expect(uncertaintyText('attention_per_1000_impressions', 'number', stats)).toBe('± 583.1 SE · n 5');
  });

  it('only n without a base or a spread; nothing without stats', () => {
    expect(uncertaintyText('panelist_viewed_percent', 'percent', stats)).toBe('n 0');
    expect(uncertaintyText('avg_time_to_first_view', 'seconds', stats)).toBe('n 1');
    expect(uncertaintyText('avg_stim_dwell_time', 'seconds', undefined)).toBeNull();
  });

  it('the base says what left it', () => {
    expect(baseText(stats)).toBe('n 5 · 1 left out: gaze sampled too sparsely (below 6.7 Hz)');
    expect(baseText({ ...stats, insufficient_gaze: 0 })).toBe('n 5');
    expect(baseText(undefined)).toBeNull();
  });

  it('a norm: its standard error over the comparison set, counted in stims', () => {
    const norm = { avg_stim_dwell_time: { se: 0.645497, n: 4 }, avg_time_to_first_view: { se: null, n: 1 }, percent_viewable: { se: null, n: 0 } };
    expect(normUncertaintyText('avg_stim_dwell_time', 'seconds', norm)).toBe('± 0.6s SE · 4 stims');
    expect(normUncertaintyText('avg_time_to_first_view', 'seconds', norm)).toBe('1 stim');
    expect(normUncertaintyText('percent_viewable', 'percent', norm)).toBeNull();
    expect(normUncertaintyText('avg_stim_dwell_time', 'seconds', undefined)).toBeNull();
  });
});
