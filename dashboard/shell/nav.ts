// Side-navigation entries by user type (D1-062..D1-069). Pure, so it is unit-tested.
export interface NavEntry {
  label: string;
  to: string;
}

/** Study users are user_type_id 1; every other type is a batch user (D1-001). */
export function navEntries(userTypeId: number | null | undefined): NavEntry[] {
  const study = userTypeId === 1;
  return [
    { label: 'Home', to: '/' },
    study ? { label: 'My Studies', to: '/my_studies' } : { label: 'My Batches', to: '/my_batches' },
    { label: 'My Stimuli', to: study ? '/stims' : '/batch_stim_list' },
    { label: 'My Downloads', to: '/my_downloads' },
    { label: 'My Validations', to: '/my_validations' },
    { label: 'My Reports', to: '/my_reports' },
  ];
}

/** The company selector is disabled deeper than two path segments (D1-074). */
export function companySelectorDisabled(pathname: string): boolean {
  return pathname.split('/').filter(Boolean).length > 2;
}

/** The study id of a study page's address (/my_studies/overview/{id}/…), else null. */
export function studyIdOfPath(pathname: string): number | null {
  const m = /^\/my_studies\/overview\/(\d{1,10})(?:\/|$)/.exec(pathname);
  const id = m ? Number(m[1]) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= 2 ** 31 - 1 ? id : null;
}

/**
 * What a super user is told on another company's study: the selector is disabled on study pages
 * (D1-074), so the page itself names the owner and offers the switch. Null when the study is the
 * acting company's own (or its owner is unknown).
 */
export function ownerNotice(owner: { company_id: number; company_name: string } | null | undefined, actingCompanyId: string | null): string | null {
  if (!owner || String(owner.company_id) === actingCompanyId) return null;
  return `This study belongs to ${owner.company_name}. Switch to that company to open it.`;
}
