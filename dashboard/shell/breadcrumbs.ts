// Breadcrumbs for the study, batch, stim and create-study routes (D1-077). Pure, so it is
// unit-tested; the trail's last entry is the current page (no link).
//
// Every crumb is a page that exists: the trail is built from the route table below, not from the
// path's words, so an intermediate segment without a page of its own (/my_studies/overview/12/study,
// /batches) never becomes a link to the 404, and each page has a real name ('Report builder', not
// 'Reports New').

export interface Crumb {
  label: string;
  /** Absent on the current page. */
  to?: string;
}

/** First segment → the section's list page (the trail's first crumb). */
const SECTIONS: Record<string, Crumb> = {
  my_studies: { label: 'My Studies', to: '/my_studies' },
  my_batches: { label: 'My Batches', to: '/my_batches' },
  // /batches/aoi/{id} has no /batches page: its section is My Batches.
  batches: { label: 'My Batches', to: '/my_batches' },
  stims: { label: 'My Stimuli', to: '/stims' },
  batch_stim_list: { label: 'My Stimuli', to: '/batch_stim_list' },
  'create-study': { label: 'Create Study', to: '/create-study' },
};

/**
 * The pages below a section, by route pattern (ids as ':id'), with their names. A prefix of the
 * address that is not here (…/study, …/overview) is not a page and gets no crumb.
 */
export const PAGE_NAMES: Record<string, string> = {
  'my_studies/overview/:id': 'Overview',
  'my_studies/overview/:id/demographics': 'Demographics',
  'my_studies/overview/:id/edit-details': 'Study details',
  'my_studies/overview/:id/edit-audience': 'Audience',
  'my_studies/overview/:id/cell_step_management': 'Steps & cells',
  'my_studies/overview/:id/study-specific-stims': 'Study stims',
  'my_studies/overview/:id/reports': 'Report builder',
  'my_studies/overview/:id/reports-old': 'Report builder',
  'my_studies/overview/:id/reports-new': 'Report builder',
  'my_studies/overview/:id/study/attention_report': 'Attention report',
  'my_studies/overview/:id/study/kpi_report': 'KPI report',
  'my_studies/overview/:id/study/feature_report': 'Feature report',
  'my_studies/overview/:id/my_reports': 'My Reports',
  'my_studies/overview/:id/replay': 'Gaze replay',
  'my_studies/overview/:id/thank_you': 'Thank-you page',
  'my_batches/files': 'Files',
  'my_batches/batch_overview/:id': 'Batch overview',
  'my_batches/batch_overview/:id/kpi': 'KPI report',
  'my_batches/batch_overview/:id/stim_report': 'Feature report',
  'batch_stim_list/aoi/:id': 'AOIs',
  'batches/aoi/:id': 'AOIs',
  'stims/upload-stim': 'Upload stims',
  'stims/edit/:id': 'Edit stim',
  'stims/aoi/:id': 'AOIs',
};

/** 'demographics' → 'Demographics', 'kpi_analysis' → 'Kpi Analysis', 'feature-report' → 'Feature Report'. */
export function pageLabel(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_ ]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

// A batch overview segment '{batchId}&{vendorId}' is an id too.
const isId = (s: string) => /^\d+$/.test(s) || s.includes('&');

/** The route pattern of an address's segments: 'my_studies/overview/12' → 'my_studies/overview/:id'. */
function patternOf(segs: string[]): string {
  return segs.map((s, i) => (i > 0 && isId(s) ? ':id' : s)).join('/');
}

/** create-study/{kind}: the kind is a word, not a number, and still a page of its own. */
function nameOf(segs: string[]): string | undefined {
  const p = patternOf(segs);
  if (p in PAGE_NAMES) return PAGE_NAMES[p];
  if (segs.length === 2 && segs[0] === 'create-study') return pageLabel(segs[1]);
  return undefined;
}

export function breadcrumbs(pathname: string): Crumb[] {
  const segs = pathname.split('/').filter(Boolean);
  const section = SECTIONS[segs[0] ?? ''];
  // A section's own list page (/my_studies) needs no trail.
  if (!section || segs.length < 2) return [];
  const trail: Crumb[] = [{ ...section }];
  for (let i = 2; i < segs.length; i++) {
    const name = nameOf(segs.slice(0, i));
    if (name) trail.push({ label: name, to: `/${segs.slice(0, i).join('/')}` });
  }
  // The current page always ends the trail, named by the table or, for a page it lacks, its last word.
  const last = segs.filter((s, i) => i === 0 || !isId(s)).at(-1) ?? segs[0];
  trail.push({ label: nameOf(segs) ?? pageLabel(last) });
  return trail;
}
