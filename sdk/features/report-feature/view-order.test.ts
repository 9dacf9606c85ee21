import { describe, expect, it } from 'vitest';
import { viewOrderLines } from './ViewOrderList';

describe('the view order in words (issue 37 item 6)', () => {
  it('first fixated first, each with its base n; a rank under the minimum base is flagged', () => {
    const lines = viewOrderLines({
      min_base: 5,
      features: [
        { feature_name: 'Logo', rank: 2, viewers: 11, low_base: false },
        { feature_name: 'Headline', rank: 1, viewers: 2, low_base: true },
        { feature_name: 'Cta', rank: 3, viewers: 1, low_base: true },
      ],
    });
    expect(lines.map((l) => [l.rank, l.name, l.lowBase])).toEqual([[1, 'Headline', true], [2, 'Logo', false], [3, 'Cta', true]]);
    expect(lines.map((l) => l.text)).toEqual([
      'Headline — n = 2 viewers (fewer than 5: too few to rely on)',
      'Logo — n = 11 viewers',
      'Cta — n = 1 viewer (fewer than 5: too few to rely on)',
    ]);
  });
});
