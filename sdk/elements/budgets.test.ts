// The per-element budgets of issue 40 item 3 as a gate on the build (dist/sdk, `npm run build:sdk`):
// each element's static import graph (what it loads before its first render, on an empty cache)
// brotli-compressed at quality 11 — the KPI report widget ≤ 230 KB in ≤ 8 requests, every element
// without charts ≤ 130 KB. `npx tsx bench/elements.ts` measures the same in Chromium and records it.
// Skipped when there is no build (`npm test` builds before this suite runs).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUDGETS, breaches, staticCosts, type ElementCost } from '../../bench/elements';

const built = existsSync(`${process.env.SDK_DIR ?? 'dist/sdk'}/elements/kpi-report.js`);

describe('per-element budgets', () => {
  it('name every breach: the KPI widget over its bytes or requests, an element without charts over 130 KB', () => {
    const kb = 1024;
    const costs: ElementCost[] = [
      { element: 'kpi-report', requests: 9, brotli: 231 * kb, brotliQ4: 0, charts: true, files: [] },
      { element: 'panels', requests: 5, brotli: 131 * kb, brotliQ4: 0, charts: false, files: [] },
      { element: 'attention-report', requests: 20, brotli: 300 * kb, brotliQ4: 0, charts: true, files: [] },
      { element: 'login', requests: 5, brotli: 129 * kb, brotliQ4: 0, charts: false, files: [] },
    ];
    expect(breaches(costs)).toEqual([
      'kpi-report: 231.0 KB brotli > 230.0 KB',
      'kpi-report: 9 requests > 8',
      'panels (no charts): 131.0 KB brotli > 130.0 KB',
    ]);
    expect(BUDGETS.kpiReport).toEqual({ element: 'kpi-report', brotli: 230 * kb, requests: 8 });
  });

  it.skipIf(!built)('the built elements hold every budget', () => {
    const costs = staticCosts();
    expect(costs.map((c) => c.element)).toContain('kpi-report');
    expect(breaches(costs)).toEqual([]);
  }, 180_000); // brotli at quality 11 of every file the elements load: seconds, more on a busy machine
});
