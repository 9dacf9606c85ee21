import { describe, expect, it } from 'vitest';
import { companySelectorDisabled, navEntries, ownerNotice, studyIdOfPath } from './nav';

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

describe("issue 38: a super user on another company's study", () => {
  it('finds the study id of any study page, and nothing elsewhere', () => {
    expect(studyIdOfPath('/my_studies/overview/12')).toBe(12);
    expect(studyIdOfPath('/my_studies/overview/12/study/kpi_report')).toBe(12);
    expect(studyIdOfPath('/my_studies')).toBeNull();
    expect(studyIdOfPath('/my_studies/overview/abc')).toBeNull();
    expect(studyIdOfPath('/my_studies/overview/99999999999')).toBeNull();
    expect(studyIdOfPath('/my_batches/batch_overview/1&2')).toBeNull();
  });

  it('names the owning company only when it is not the acting one', () => {
    const owner = { company_id: 4, company_name: 'Northwind' };
    expect(ownerNotice(owner, '2')).toBe('This study belongs to Northwind. Switch to that company to open it.');
    expect(ownerNotice(owner, '4')).toBeNull();
    expect(ownerNotice(null, '2')).toBeNull();
  });
});
