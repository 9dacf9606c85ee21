import { describe, expect, it } from 'vitest';
import { normTone, compareToNorm, cutStimName, formatMetric, formatNumber, formatPercent, formatSeconds, imageClass, isBillboard } from './format';

describe('report formats (D3-277, D3-278)', () => {
  it('seconds with 1 decimal and s, whole percents, thousands delimited, a dash when missing', () => {
    expect(formatSeconds(1.25)).toBe('1.3s');
    expect(formatSeconds(0)).toBe('0.0s');
    expect(formatSeconds(1234.56)).toBe('1,234.6s');
    expect(formatPercent(44.5)).toBe('45%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(2.345, 2)).toBe('2.35');
    expect(formatMetric('number', 1234.5)).toBe('1,234.5');
    for (const v of [null, undefined, Number.NaN]) expect(formatSeconds(v)).toBe('–');
  });

  it('D3-218 above, below, equal as shown, none without a norm', () => {
    expect(compareToNorm('seconds', 2.5, 1)).toBe('above');
    expect(compareToNorm('seconds', 2.5, 3)).toBe('below');
    expect(compareToNorm('seconds', 2.5, 2.54)).toBe('equal');
    expect(compareToNorm('percent', 80.2, 79.8)).toBe('equal');
    expect(compareToNorm('percent', 80, null)).toBe('none');
  });

  it('D3-280 image classes: wide above 2, tall at most 0.5, else square; billboard when wide', () => {
    expect(imageClass(970, 250)).toBe('wide');
    expect(imageClass(500, 250)).toBe('square');
    expect(imageClass(300, 600)).toBe('tall');
    expect(imageClass(160, 600)).toBe('tall');
    expect(imageClass(300, 250)).toBe('square');
    expect(isBillboard(970, 250)).toBe(true);
    expect(isBillboard(728, 364)).toBe(false);
  });

  it('issue 38: the colour follows the direction in which a metric is better', () => {
    expect(normTone('avg_stim_dwell_time', 'above')).toBe('better');
    expect(normTone('avg_stim_dwell_time', 'below')).toBe('worse');
    expect(normTone('avg_time_to_first_view', 'below')).toBe('better');
    expect(normTone('avg_time_to_first_view', 'above')).toBe('worse');
    expect(normTone('avg_time_to_first_view', 'equal')).toBe('neutral');
    expect(normTone('panelist_viewed_percent', 'none')).toBe('neutral');
  });
});

describe('stim names cut in the middle (issue 37 item 6)', () => {
  it('a short name is left as it is', () => {
    expect(cutStimName('Leaderboard 728x90')).toBe('Leaderboard 728x90');
  });

  it('a long name keeps its ad size at the end; two sizes stay told apart', () => {
    const a = cutStimName('Spring campaign 2026 hero creative Leaderboard 728x90');
    const b = cutStimName('Spring campaign 2026 hero creative Leaderboard 970x250');
    expect(a).toBe('Spring campaign 2026 he…728x90');
    expect(a.length).toBe(30);
    expect(b.endsWith('…970x250')).toBe(true);
    expect(a).not.toBe(b);
    expect(cutStimName('Spring campaign 2026 hero creative MPU 300 × 250').endsWith('300 × 250')).toBe(true);
    // A size followed by a short tail (the demo's '#7') is kept with it.
    expect(cutStimName('Urban Threads MPU 300x250 #7 · Control — competitor creative', 40)).toBe('Urban Threads…300x250 #7 · Control — competitor creative');
  });

  it('without a size, the end is kept too', () => {
    expect(cutStimName('A very long stim name that goes on and on beyond the cut')).toBe('A very long stim na…nd the cut');
  });

  it("a placement label keeps its cell whole and cuts the stim name's middle", () => {
    expect(cutStimName('Spring campaign 2026 hero creative Leaderboard 728x90 · Control'))
      .toBe('Spring campaign 2…728x90 · Control');
    expect(cutStimName('Leaderboard 728x90 · Cell B')).toBe('Leaderboard 728x90 · Cell B');
  });
});

