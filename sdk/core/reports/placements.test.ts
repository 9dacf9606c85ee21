import { describe, expect, it } from 'vitest';
import { isAmbiguousName, placementLabel, placementLabels, type PlacementInfo } from '../../../contract/placements';

const p = (cellId: number, cellName: string, stepId: number, stimId: number, name: string): PlacementInfo => ({ cellId, cellName, stepId, stimId, name });

describe('placement labels (issue 37 item 5: cells told apart)', () => {
  it('a name placed once is shown as it is', () => {
    expect(placementLabels([p(1, 'Test', 11, 101, 'Leaderboard 728x90'), p(2, 'Control', 21, 102, 'MPU 300x250')]))
      .toEqual(['Leaderboard 728x90', 'MPU 300x250']);
  });

  it('one creative in two cells carries each cell name; other names stay bare', () => {
    expect(placementLabels([
      p(1, 'Cell A', 11, 101, 'Leaderboard 728x90'), p(1, 'Cell A', 11, 102, 'MPU 300x250'), p(2, 'Cell B', 21, 101, 'Leaderboard 728x90'),
    ])).toEqual(['Leaderboard 728x90 · Cell A', 'MPU 300x250', 'Leaderboard 728x90 · Cell B']);
  });

  it('two different stims of the same name are told apart too (the reader sees names, not ids)', () => {
    expect(placementLabels([p(1, 'A', 11, 101, 'Ad'), p(2, 'B', 21, 999, 'Ad')])).toEqual(['Ad · A', 'Ad · B']);
  });

  it('a name twice in one cell adds the step, numbered among the steps that hold stims', () => {
    expect(placementLabels([
      p(1, 'Cell A', 11, 101, 'Big Ad'), p(1, 'Cell A', 12, 101, 'Big Ad'), p(2, 'Cell B', 21, 101, 'Big Ad'),
    ])).toEqual(['Big Ad · Cell A · Step 1', 'Big Ad · Cell A · Step 2', 'Big Ad · Cell B']);
    expect(placementLabels([p(1, 'Cell A', 11, 101, 'Big Ad'), p(1, 'Cell A', 12, 101, 'Big Ad')])).toEqual(['Big Ad · Step 1', 'Big Ad · Step 2']);
  });

  it('two cells of the same name are told apart by their position in the study', () => {
    expect(placementLabels([p(5, 'Cell', 11, 101, 'Ad'), p(7, 'Cell', 21, 101, 'Ad')])).toEqual(['Ad · Cell (1)', 'Ad · Cell (2)']);
  });

  it('one label looked up among the study, and whether a name is ambiguous', () => {
    const all = [p(1, 'Cell A', 11, 101, 'Ad'), p(2, 'Cell B', 21, 101, 'Ad'), p(2, 'Cell B', 21, 102, 'Sky')];
    expect(placementLabel(all, { cellId: 2, stepId: 21, stimId: 101 }, 'Ad')).toBe('Ad · Cell B');
    expect(placementLabel(all, { cellId: 3, stepId: 31, stimId: 101 }, 'Ad')).toBe('Ad');
    expect(isAmbiguousName(all, 'Ad')).toBe(true);
    expect(isAmbiguousName(all, 'Sky')).toBe(false);
  });
});
