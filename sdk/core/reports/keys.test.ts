import { describe, expect, it } from 'vitest';
import { decodeStimsQuery, keysForStimsQuery, parseStimKey, parseStimKeys, reportPath, stimKey, stimRef, treeStims } from './keys';
import { TREE } from '../../features/report-common/test-fixtures';

describe('stim keys (spec document 2 §3.8)', () => {
  it('a key is cell:step:study:stim and converts to the ids', () => {
    expect(stimKey({ cellId: 1, stepId: 11, studyId: 9, stimId: 101 })).toBe('1:11:9:101');
    expect(parseStimKey('1:11:9:101')).toEqual({ cellId: 1, stepId: 11, studyId: 9, stimId: 101 });
    expect(stimRef('1:11:9:101')).toEqual({ cell_id: 1, step_id: 11, stim_id: 101 });
    for (const bad of ['1:11:9', '1:11:9:101:5', '0:1:2:3', 'a:1:2:3', '1:1:2:-3', '1:1:2:0x3']) expect(parseStimKey(bad), bad).toBeNull();
  });

  it('an attribute lists keys by |, comma or space; duplicates and invalid ones dropped', () => {
    expect(parseStimKeys('1:11:9:101|1:11:9:102, 1:11:9:101 junk')).toEqual(['1:11:9:101', '1:11:9:102']);
    expect(parseStimKeys(undefined)).toEqual([]);
  });

  it('D3-178 the tree flattens with Step n per cell', () => {
    expect(treeStims(TREE as never).map((s) => [s.key, s.stepNumber, s.name])).toEqual([
      ['1:11:9:101', 1, 'Big Ad'], ['1:11:9:102', 1, 'Sky Scraper'], ['1:12:9:101', 2, 'Big Ad'], ['2:21:9:103', 1, TREE.data[1].step_list[0].stimulus_list[0].stimulus_name],
    ]);
  });
});

describe('shared report addresses (D3-182, D3-190, D3-191)', () => {
  const stims = treeStims(TREE as never);
  it("names are '|'-joined with '.' for a space; a name shared by stims selects each", () => {
    expect(decodeStimsQuery('Big.Ad|Sky.Scraper')).toEqual(['Big Ad', 'Sky Scraper']);
    expect(keysForStimsQuery(stims, 'Big.Ad')).toEqual(['1:11:9:101', '1:12:9:101']);
    expect(keysForStimsQuery(stims, 'Sky.Scraper|Nope')).toEqual(['1:11:9:102']);
    expect(keysForStimsQuery(stims, '')).toEqual([]);
  });

  it('the address lists each name once, and no stims for demographics and question reports', () => {
    expect(reportPath(9, 'compare', ['Big Ad', 'Sky Scraper', 'Big Ad'])).toBe('/my_studies/overview/9/reports?stims=Big.Ad|Sky.Scraper&report_type=compare');
    expect(reportPath(9, 'demographics', ['Big Ad'])).toBe('/my_studies/overview/9/reports?report_type=demographics');
    expect(reportPath(9, 'questionAnswers', ['Big Ad'])).toBe('/my_studies/overview/9/reports?report_type=questionAnswers');
    expect(reportPath(9, 'kpi', ['A&B'])).toBe('/my_studies/overview/9/reports?stims=A%26B&report_type=kpi');
  });
});
