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
