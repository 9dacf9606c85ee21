import { describe, expect, it } from 'vitest';
import {
  ambiguousQueryNames, decodeStimsQuery, keysForStimsQuery, parseStimKey, parseStimKeys, reportPath, stimKey, stimRef, stimsQueryEntries, stimsQueryValue, treeStims,
} from './keys';
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

  // Issue 37 item 5: one creative in two cells (a test/control design).
  const TWO_CELLS = {
    ...TREE,
    data: [
      { cell_id: 1, cell_name: 'Test', step_list: [{ step_id: 11, cachepage_url: null, stimulus_list: [
        { stimulus_id: 201, stimulus_name: 'Leaderboard 728x90', stimulus_type: 'i', stimulus_source: null, stimulus_source_alternate: null },
        { stimulus_id: 202, stimulus_name: 'MPU 300x250', stimulus_type: 'i', stimulus_source: null, stimulus_source_alternate: null },
      ] }] },
      { cell_id: 2, cell_name: 'Control', step_list: [{ step_id: 21, cachepage_url: null, stimulus_list: [
        { stimulus_id: 201, stimulus_name: 'Leaderboard 728x90', stimulus_type: 'i', stimulus_source: null, stimulus_source_alternate: null },
      ] }] },
    ],
  };
  const two = treeStims(TWO_CELLS as never);

  it('issue 37: each placement carries its label; a name placed in two cells names its cell', () => {
    expect(two.map((s) => s.label)).toEqual(['Leaderboard 728x90 · Test', 'MPU 300x250', 'Leaderboard 728x90 · Control']);
    expect(stims.map((s) => s.label)).toEqual(['Big Ad · Step 1', 'Sky Scraper', 'Big Ad · Step 2', stims[3].name]);
  });

  it('issue 37: the builder writes a placement key for an ambiguous name, the name otherwise', () => {
    const [lbTest, mpu, lbControl] = two;
    expect(stimsQueryEntries([lbControl, mpu], two)).toEqual(['2:21:9:201', 'MPU 300x250']);
    expect(reportPath(9, 'compare', stimsQueryEntries([lbControl, mpu], two))).toBe('/my_studies/overview/9/reports?stims=2:21:9:201|MPU.300x250&report_type=compare');
    expect(stimsQueryValue(stimsQueryEntries([lbTest, lbControl], two))).toBe('1:11:9:201|2:21:9:201');
  });

  it('issue 37: both forms open the same report; a key selects exactly its placement', () => {
    const [lbTest, mpu, lbControl] = two;
    // The placement form: exactly the one placement, whatever else carries the name.
    expect(keysForStimsQuery(two, '2:21:9:201|MPU.300x250')).toEqual([mpu.key, lbControl.key]);
    // The name form of an unambiguous selection opens the same report as its key form.
    expect(keysForStimsQuery(two, 'MPU.300x250')).toEqual(keysForStimsQuery(two, mpu.key));
    // A key of no placement of the study selects nothing (never another study's stim).
    expect(keysForStimsQuery(two, '3:31:9:201')).toEqual([]);
    // The spec's name form naming a shared stim keeps selecting every placement of it, and is flagged.
    expect(keysForStimsQuery(two, 'Leaderboard.728x90')).toEqual([lbTest.key, lbControl.key]);
    expect(ambiguousQueryNames(two, 'Leaderboard.728x90|MPU.300x250')).toEqual([{ name: 'Leaderboard 728x90', labels: [lbTest.label, lbControl.label] }]);
    expect(ambiguousQueryNames(two, '1:11:9:201|MPU.300x250')).toEqual([]);
  });
});

