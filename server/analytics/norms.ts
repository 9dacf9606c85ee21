// Norms: benchmarks from other stims. Each stim's metrics are computed over its own base (all its
// measured exposures in any study, unfiltered), then averaged over the comparison set. The set
// never includes the stim being reported, and only aggregates (mean and norm_size) leave the
// server, so a norm spanning companies never reveals another company's stim or numbers.
import { stimKind } from './base.js';

export const NORM_TYPES = { 1: 'Brand Norm', 2: 'Brand Category Norm', 3: 'Base Norm', 4: 'Ad Category Norm' } as const;
export type NormTypeId = 1 | 2 | 3 | 4;
export const DEFAULT_NORM_TYPE: NormTypeId = 1;

export interface StimProfile {
  stimId: number;
  brandId: number | null;
  brandCategoryId: number | null;
  adCategoryId: number | null;
  stimType: string;
}

/**
 * Ids of the stims a target is compared with (only stims that have measured data are passed in):
 * 1 same brand, 2 same brand category, 3 every stim of the same format (video vs display — the
 * viewability rule differs), 4 same ad category (ad_type.ad_category_id). A target without the
 * attribute (no brand, no ad type) has an empty set.
 */
export function comparisonSet(target: StimProfile, candidates: StimProfile[], normType: NormTypeId): number[] {
  const same = (a: number | null, b: number | null) => a !== null && b !== null && a === b;
  return candidates
    .filter((c) => c.stimId !== target.stimId)
    .filter((c) => {
      switch (normType) {
        case 1: return same(c.brandId, target.brandId);
        case 2: return same(c.brandCategoryId, target.brandCategoryId);
        case 3: return stimKind(c.stimType) === stimKind(target.stimType);
        case 4: return same(c.adCategoryId, target.adCategoryId);
      }
    })
    .map((c) => c.stimId)
    // A fixed order, so the norm's floating-point sum (and its 6th decimal) does not depend on the
    // order the database happened to return the candidates in.
    .sort((a, b) => a - b);
}
