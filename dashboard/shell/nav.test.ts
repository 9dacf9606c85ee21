import { describe, expect, it } from 'vitest';
import { companySelectorDisabled, navEntries } from './nav';

describe('side navigation', () => {
  it('D1-062 D1-063 D1-065 D1-067 D1-068 D1-069 study users (type 1)', () => {
    expect(navEntries(1)).toEqual([
      { label: 'Home', to: '/' },
      { label: 'My Studies', to: '/my_studies' },
      { label: 'My Stimuli', to: '/stims' },
      { label: 'My Downloads', to: '/my_downloads' },
      { label: 'My Validations', to: '/my_validations' },
      { label: 'My Reports', to: '/my_reports' },
    ]);
  });

  it('D1-064 D1-066 batch users (any other type) get My Batches and the batch stim list', () => {
    for (const type of [2, 3, null]) {
      const entries = navEntries(type);
      expect(entries.map((e) => e.label)).not.toContain('My Studies');
      expect(entries).toContainEqual({ label: 'My Batches', to: '/my_batches' });
      expect(entries).toContainEqual({ label: 'My Stimuli', to: '/batch_stim_list' });
    }
  });
});

describe('company selector', () => {
  it('D1-074 is disabled when the path has more than 2 segments', () => {
    expect(companySelectorDisabled('/')).toBe(false);
    expect(companySelectorDisabled('/my_studies')).toBe(false);
    expect(companySelectorDisabled('/stims/edit')).toBe(false);
    expect(companySelectorDisabled('/my_studies/overview/12')).toBe(true);
    expect(companySelectorDisabled('/my_studies/overview/12/demographics')).toBe(true);
  });
});
