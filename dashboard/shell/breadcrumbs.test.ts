import { describe, expect, it } from 'vitest';
import { breadcrumbs, pageLabel } from './breadcrumbs';

describe('breadcrumbs', () => {
  it('D1-077 study sub-pages: My Studies › Overview › Demographics, with links up the trail', () => {
    expect(breadcrumbs('/my_studies/overview/12/demographics')).toEqual([
      { label: 'My Studies', to: '/my_studies' },
      { label: 'Overview', to: '/my_studies/overview/12' },
      { label: 'Demographics' },
    ]);
  });

  it('D1-077 the overview itself ends the trail', () => {
    expect(breadcrumbs('/my_studies/overview/7')).toEqual([
      { label: 'My Studies', to: '/my_studies' },
      { label: 'Overview' },
    ]);
  });

  it('D1-077 batch, stim and create-study routes have trails too', () => {
    expect(breadcrumbs('/my_batches/overview/3/reports').map((c) => c.label)).toEqual(['My Batches', 'Overview', 'Reports']);
    expect(breadcrumbs('/stims/edit/5').map((c) => c.label)).toEqual(['My Stimuli', 'Edit']);
    expect(breadcrumbs('/create-study/step-2').map((c) => c.label)).toEqual(['Create Study', 'Step 2']);
  });

  it('D1-077 the batch overview and its reports: {batchId}&{vendorId} is one id segment', () => {
    expect(breadcrumbs('/my_batches/batch_overview/AB-2025-0009&V-101/kpi')).toEqual([
      { label: 'My Batches', to: '/my_batches' },
      { label: 'Batch Overview', to: '/my_batches/batch_overview/AB-2025-0009&V-101' },
      { label: 'KPI Report' },
    ]);
    expect(breadcrumbs('/my_batches/batch_overview/AB-1&V-1/stim_report').at(-1)).toEqual({ label: 'Feature Report' });
    expect(breadcrumbs('/batch_stim_list/aoi/12').map((c) => c.label)).toEqual(['My Stimuli', 'AOIs']);
    expect(breadcrumbs('/my_batches/files').map((c) => c.label)).toEqual(['My Batches', 'Files']);
  });

  it('D1-077 list pages and other routes have none', () => {
    expect(breadcrumbs('/my_studies')).toEqual([]);
    expect(breadcrumbs('/')).toEqual([]);
    expect(breadcrumbs('/my_account')).toEqual([]);
    expect(breadcrumbs('/contact_us/x')).toEqual([]);
  });

  it('labels segments in title case', () => {
    expect(pageLabel('kpi_analysis')).toBe('Kpi Analysis');
    expect(pageLabel('feature-report')).toBe('Feature Report');
  });
});
