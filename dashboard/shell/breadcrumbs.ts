// Breadcrumbs for the study, batch, stim and create-study routes (D1-077). Pure, so it is
// unit-tested; the trail's last entry is the current page (no link).

export interface Crumb {
  label: string;
  /** Absent on the current page. */
  to?: string;
}

const SECTIONS: Record<string, string> = {
  my_studies: 'My Studies',
  my_batches: 'My Batches',
  stims: 'My Stimuli',
  batch_stim_list: 'My Stimuli',
  batches: 'My Batches',
  'create-study': 'Create Study',
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

/** Segments whose page has a name of its own. */
const LABELS: Record<string, string> = { kpi: 'KPI Report', stim_report: 'Feature Report', aoi: 'AOIs' };

export function breadcrumbs(pathname: string): Crumb[] {
  const segs = pathname.split('/').filter(Boolean);
  const section = SECTIONS[segs[0] ?? ''];
  // A section's own list page (/my_studies) needs no trail.
  if (!section || segs.length < 2) return [];
  const trail: Crumb[] = [{ label: section, to: `/${segs[0]}` }];
  let path = `/${segs[0]}`;
  for (let i = 1; i < segs.length; i++) {
    const seg = segs[i];
    path += `/${seg}`;
    // Ids belong to the crumb before them: /my_studies/overview/12 is the crumb 'Overview'.
    if (isId(seg)) {
      if (trail.length > 1) trail[trail.length - 1].to = path;
      continue;
    }
    const next = segs[i + 1];
    trail.push({ label: LABELS[seg] ?? pageLabel(seg), to: next !== undefined && isId(next) ? `${path}/${next}` : path });
  }
  delete trail[trail.length - 1].to;
  return trail;
}
