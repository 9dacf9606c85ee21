import { describe, expect, it } from 'vitest';
import { breadcrumbs, pageLabel, PAGE_NAMES } from './breadcrumbs';

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
    expect(breadcrumbs('/stims/edit/5').map((c) => c.label)).toEqual(['My Stimuli', 'Edit stim']);
    expect(breadcrumbs('/create-study/step-2').map((c) => c.label)).toEqual(['Create Study', 'Step 2']);
  });

  it('D1-077 the batch overview and its reports: {batchId}&{vendorId} is one id segment', () => {
    expect(breadcrumbs('/my_batches/batch_overview/AB-2025-0009&V-101/kpi')).toEqual([
      { label: 'My Batches', to: '/my_batches' },
      { label: 'Batch overview', to: '/my_batches/batch_overview/AB-2025-0009&V-101' },
      { label: 'KPI report' },
    ]);
    expect(breadcrumbs('/my_batches/batch_overview/AB-1&V-1/stim_report').at(-1)).toEqual({ label: 'Feature report' });
    expect(breadcrumbs('/batch_stim_list/aoi/12').map((c) => c.label)).toEqual(['My Stimuli', 'AOIs']);
    expect(breadcrumbs('/my_batches/files').map((c) => c.label)).toEqual(['My Batches', 'Files']);
  });

  it('issue 38: no crumb links to an address without a page (…/study, /batches were 404s)', () => {
    expect(breadcrumbs('/my_studies/overview/12/study/attention_report')).toEqual([
      { label: 'My Studies', to: '/my_studies' },
      { label: 'Overview', to: '/my_studies/overview/12' },
      { label: 'Attention report' },
    ]);
    expect(breadcrumbs('/batches/aoi/4')).toEqual([{ label: 'My Batches', to: '/my_batches' }, { label: 'AOIs' }]);
    // Every page's trail links only to pages: a section list or a pattern of the route table.
    const lists = new Set(['/my_studies', '/my_batches', '/stims', '/batch_stim_list', '/create-study']);
    for (const pattern of Object.keys(PAGE_NAMES)) {
      const trail = breadcrumbs('/' + pattern.replaceAll(':id', '7'));
      for (const c of trail.slice(0, -1)) {
        const linkPattern = c.to!.slice(1).split('/').map((s, i) => (i > 0 && /^\d+$/.test(s) ? ':id' : s)).join('/');
        expect(lists.has(c.to!) || linkPattern in PAGE_NAMES, `${pattern} → ${c.to}`).toBe(true);
      }
    }
  });

  it('issue 38: pages are named, not spelled from their path', () => {
    expect(breadcrumbs('/my_studies/overview/3/reports-new').at(-1)).toEqual({ label: 'Report builder' });
    expect(breadcrumbs('/my_studies/overview/3/cell_step_management').at(-1)).toEqual({ label: 'Steps & cells' });
    expect(breadcrumbs('/my_studies/overview/3/study/kpi_report').at(-1)).toEqual({ label: 'KPI report' });
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
