// Issue 37 item 6: one view order (analytics/features.ts viewOrder) for the View Order visual,
// the feature page's words, the scanpath's typical order and feature_data[].view_order.
import { describe, expect, it } from 'vitest';
import { computeFeatures, MIN_VIEW_ORDER_BASE, viewOrder, type FeatureAggregate } from './features.js';

const agg = (tag: string, viewers: number, firstFixationAvgMs: number | null): FeatureAggregate => ({ tag, viewers, dwellSumMs: viewers * 500, firstFixationAvgMs });

describe('viewOrder: the one definition', () => {
  it('ranks fixated features by mean time to first fixation, each with its base n and a low-base flag', () => {
    const aggs = [agg('Headline', 2, 300), agg('Logo', 11, 800), agg('Pack', 0, null), agg('Cta', 6, 800)];
    expect(viewOrder(['Logo', 'Headline', 'Pack', 'Cta'], aggs)).toEqual([
      { feature_name: 'Headline', rank: 1, viewers: 2, low_base: true },
      // Equal means: by tag.
      { feature_name: 'Cta', rank: 2, viewers: 6, low_base: false },
      { feature_name: 'Logo', rank: 3, viewers: 11, low_base: false },
    ]);
  });

  it(`the minimum base is ${MIN_VIEW_ORDER_BASE} viewers: ${MIN_VIEW_ORDER_BASE - 1} is flagged, ${MIN_VIEW_ORDER_BASE} is not`, () => {
    const r = viewOrder(['A', 'B'], [agg('A', MIN_VIEW_ORDER_BASE - 1, 100), agg('B', MIN_VIEW_ORDER_BASE, 200)]);
    expect(r.map((e) => e.low_base)).toEqual([true, false]);
  });

  it('tags no longer drawn are left out', () => {
    expect(viewOrder(['A'], [agg('Gone', 9, 10), agg('A', 9, 20)]).map((e) => [e.feature_name, e.rank])).toEqual([['A', 1]]);
  });

  it("feature_data's view_order is the same ranking", () => {
    const tags = ['Logo', 'Headline', 'Pack'];
    const aggs = [agg('Logo', 8, 900), agg('Headline', 3, 200)];
    const f = computeFeatures(tags, aggs, 10);
    const byName = Object.fromEntries(viewOrder(tags, aggs).map((e) => [e.feature_name, e.rank]));
    expect({ Logo: f.Logo.view_order, Headline: f.Headline.view_order, Pack: f.Pack.view_order }).toEqual({ ...byName, Pack: null });
  });
});
