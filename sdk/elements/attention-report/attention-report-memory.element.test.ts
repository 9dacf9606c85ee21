// Issue 40 item 2, measured (docs/decisions.md "The SDK data layer forgets and cancels"): 50
// attention reports opened one after another on one page (each removed when the next opens, as a
// dashboard's route change does). Counts requests per view and what the page store still holds:
// within the keep time every closed report's entries are there (a report reopened soon reads them
// without a request); once the keep time has passed only the open report's are. The figures are
// printed for the record; the assertions are the rule, not the numbers' size.
import { expect } from '@open-wc/testing';
import './attention-report.element';
import { reportAnswers } from '../../features/report-common/test-fixtures';
import { manualClock, setImagePreload, setReportTimer } from '../../features/report-common';
import { getStore } from '../../core/store/store';
import { setKeepTime } from '../../core/resource/resource';
import { $, mount, resetPage, stubHttp, waitFor, describe, it, beforeEach, afterEach } from '../test-utils';

const REPORTS = 50;
const VIEW_PARTS = ['overview', 'overall_attention', 'graph2_data', 'feature_attention', 'visual_data', 'norm_sizes'];

/** Entries and serialised bytes of the report reads in the page store. */
function reportState() {
  const state = getStore().getState() as unknown as Record<string, { entries?: Record<string, unknown> } | undefined>;
  const slices = Object.keys(state).filter((k) => k.startsWith('resource/reports/')).map((k) => state[k]!);
  return {
    entries: slices.reduce((n, s) => n + Object.keys(s.entries ?? {}).length, 0),
    bytes: new TextEncoder().encode(JSON.stringify(slices)).length,
  };
}

async function openReports(n: number) {
  let el: HTMLElement | null = null;
  for (let i = 0; i < n; i++) {
    el?.remove();
    const study = 100 + i;
    el = await mount('gaze-attention-report', { 'study-id': String(study), stims: `1:11:${study}:101|1:11:${study}:102|2:21:${study}:103` });
    const opened = el;
    await waitFor(() => $(opened, '[part="kpi-section"] table') && $(opened, '[part="feature-section"] table'), `report ${i + 1}`);
  }
  return el!;
}

describe('<gaze-attention-report>: 50 reports on one page (issue 40 item 2)', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
    setReportTimer(manualClock().start);
    setImagePreload(() => new Promise(() => {}));
  });
  afterEach(() => {
    setReportTimer();
    setImagePreload();
    setKeepTime();
  });

  it('within the keep time closed reports stay; after it only the open report is held, and closing it empties the store', async function () {
    this.timeout(120_000);
    const http = stubHttp(reportAnswers());
    const last = await openReports(REPORTS);
    const perView = http.requests.length / REPORTS;
    const kept = reportState();
    // Six reads per view, each its own key: all of them kept within the keep time.
    expect(http.requests.map((r) => r.url.split('/').pop()).filter((p) => !VIEW_PARTS.includes(p!))).to.deep.equal([]);
    expect(perView).to.equal(VIEW_PARTS.length);
    expect(kept.entries).to.equal(REPORTS * VIEW_PARTS.length);

    // The keep time passes (shortened here; RESOURCE_KEEP_MS on a page): a fresh page, same run.
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
    setKeepTime(0);
    stubHttp(reportAnswers());
    const open = await openReports(REPORTS);
    await new Promise((r) => setTimeout(r, 50));
    const evicted = reportState();
    expect(evicted.entries).to.equal(VIEW_PARTS.length);
    open.remove();
    await waitFor(() => reportState().entries === 0, 'nothing held once no report is open');
    last.remove();
    console.log(`[issue 40 bench] requests per report view: ${perView}; after ${REPORTS} reports: within the keep time ${kept.entries} entries, ${kept.bytes} bytes of report state; keep time passed ${evicted.entries} entries, ${evicted.bytes} bytes; none open 0`);
  });
});
