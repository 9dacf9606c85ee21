// Issue 37 items 3–4: the interactive visual of the KPI report (heatmap with opacity and time
// window, gaze plot, AOIs with their metrics on hover and in a table) and of a video stim (the
// <video> itself with the overlay of its current second).
import { expect } from '@open-wc/testing';
import './kpi-report.element';
import { reportAnswers } from '../../features/report-common/test-fixtures';
import { manualClock, setImagePreload, setReportTimer } from '../../features/report-common';
import { $, buttonByText, mount, resetPage, stubHttp, waitFor, describe, it, beforeEach, afterEach, type StubHandler } from '../test-utils';

const explorer = (el: HTMLElement) => $(el, '[part="gaze-explorer"][data-state="loaded"]');
const canvasOf = (root: Element) => root.querySelector('canvas[part="explorer-canvas"]') as HTMLCanvasElement;

/** The drawn pixel (canvas pixels) as [r, g, b, a]. */
function pixel(c: HTMLCanvasElement, x: number, y: number): number[] {
  return Array.from(c.getContext('2d')!.getImageData(Math.floor(x), Math.floor(y), 1, 1).data);
}

/** Sets a range input as a user would (React listens to 'input'). */
function slide(input: HTMLInputElement, value: number) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(value));
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function toggle(root: Element, label: string) {
  const sw = Array.from(root.querySelectorAll('[part="switch"]')).find((s) => s.textContent?.includes(label));
  if (!sw) throw new Error(`No switch ${label}`);
  (sw.querySelector('button') as HTMLButtonElement).click();
}

describe('<gaze-kpi-report> interactive visual (issue 37)', () => {
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
  });

  it('an image stim: opacity and time window change the drawn pixels; hovering an AOI shows its metrics; the AOI table holds the answer\'s numbers', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitFor(() => explorer(el), 'explorer');
    expect(http.requests.filter((r) => r.url.endsWith('/gaze_points')).map((r) => r.url)).to.deep.equal(['/v1.0/studies/9/cell/1/step/11/stimuli/101/gaze_points']);
    const root = explorer(el)!;
    const c = canvasOf(root);
    // 970 × 250 drawn at 720 × 186: the first second's hot cell centre (5.5, 2.5 cells of 20.2 px)
    // lands at (82, 38), the third second's (40.5, 10.5) at (607, 157).
    expect([c.width, c.height]).to.deep.equal([720, 186]);
    const k = 720 / 970, cell = 970 / 48;
    const hot1 = [5.5 * cell * k, 2.5 * cell * k] as const, hot2 = [40.5 * cell * k, 10.5 * cell * k] as const;
    const between = [320, 20] as const;
    // The gaze plot's circles and the AOI outlines sit on the hot spots: the heatmap alone first.
    toggle(root, 'Gaze plot');
    toggle(root, 'AOIs');
    await waitFor(() => pixel(c, ...hot1)[3] > 0, 'heat drawn');
    const full = pixel(c, ...hot1);
    // The server's scale at the peak (contract/heat-scale.ts): deep red at 85 % opacity.
    expect(full).to.deep.equal([189, 0, 38, 217]);
    expect(pixel(c, ...hot2)[3]).to.be.greaterThan(0);
    expect(pixel(c, ...between)[3], 'clear below the threshold').to.equal(0);

    slide(root.querySelector('input[part="opacity"]') as HTMLInputElement, 50);
    await waitFor(() => pixel(c, ...hot1)[3] !== 217, 'opacity applied');
    expect(pixel(c, ...hot1)[3]).to.be.within(107, 110);
    slide(root.querySelector('input[part="opacity"]') as HTMLInputElement, 100);

    // Window 0–1 s: only the first second's spot.
    slide(root.querySelector('input[part="window-to"]') as HTMLInputElement, 1000);
    await waitFor(() => explorer(el)!.getAttribute('data-window') === '0-1000', 'window 0–1 s');
    await waitFor(() => pixel(c, ...hot2)[3] === 0, 'third second gone');
    expect(pixel(c, ...hot1)[3]).to.equal(217);
    // Window 2–3 s: only the third second's, now at full colour.
    slide(root.querySelector('input[part="window-to"]') as HTMLInputElement, 3000);
    slide(root.querySelector('input[part="window-from"]') as HTMLInputElement, 2000);
    await waitFor(() => explorer(el)!.getAttribute('data-window') === '2000-3000', 'window 2–3 s');
    await waitFor(() => pixel(c, ...hot1)[3] === 0, 'first second gone');
    expect(pixel(c, ...hot2)).to.deep.equal([189, 0, 38, 217]);
    expect(root.querySelector('[part="explorer-legend"]')!.textContent).to.contain('n = 5');

    // Hover: the Logo AOI (0, 0, 250 × 100 stim px) under the pointer.
    toggle(root, 'AOIs');
    const box = c.getBoundingClientRect();
    c.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: box.left + (100 / 970) * box.width, clientY: box.top + (50 / 250) * box.height }));
    await waitFor(() => root.querySelector('[part="aoi-tooltip"]')!.textContent !== '', 'tooltip');
    expect(root.querySelector('[part="aoi-tooltip"]')!.textContent).to.equal('Logo: 75% of viewers fixated it · average dwell 0.5s · first fixation after 0.4s · view order 1 · n 3');
    expect(root.querySelector('tr[data-aoi="Logo"]')!.getAttribute('data-active')).to.equal('true');
    // The hovered AOI is outlined in the accent colour on the canvas (its top edge at y ≈ 0–2).
    await waitFor(() => { const p = pixel(c, 40, 1); return p[0] === 255 && p[1] === 122; }, 'accent outline');
    c.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: box.left + (800 / 970) * box.width, clientY: box.top + (200 / 250) * box.height }));
    await waitFor(() => root.querySelector('[part="aoi-tooltip"]')!.textContent!.startsWith('CTA:'), 'CTA tooltip');

    // The table beside the picture: every AOI with the endpoint's numbers, reachable by keyboard.
    const rows = Array.from(root.querySelectorAll('[part="aoi-table"] tbody tr')).map((r) => Array.from(r.children).map((x) => x.textContent));
    expect(rows).to.deep.equal([['Logo', '75%', '0.5s', '0.4s', '1', '3'], ['CTA', '50%', '0.3s', '2.3s', '2', '2']]);
    expect(root.querySelector('[part="aoi-table"] caption')!.textContent).to.contain('n = 4 viewers');
    const cta = root.querySelector('tr[data-aoi="CTA"]') as HTMLElement;
    expect(cta.tabIndex).to.equal(0);
    cta.focus();
    await waitFor(() => cta.getAttribute('data-active') === 'true', 'focus marks the AOI');
    expect(c.getAttribute('role')).to.equal('img');
    expect(c.getAttribute('aria-label')).to.contain('2 AOIs');
  });

  it('a video stim: the <video> (first frame as poster) with the overlay; scrubbing moves the overlay to that second', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '2:21:9:103' });
    await waitFor(() => explorer(el), 'explorer');
    const root = explorer(el)!;
    const video = root.querySelector('video[part="explorer-video"]') as HTMLVideoElement;
    expect(video.getAttribute('src')).to.equal('/files/103.mp4#t=0.1');
    expect(video.getAttribute('preload')).to.equal('metadata');
    expect(video.hasAttribute('controls')).to.equal(true);
    expect(el.shadowRoot!.textContent).not.to.contain('no preview');
    const c = canvasOf(root);
    expect([c.width, c.height]).to.deep.equal([640, 360]);
    toggle(root, 'Gaze plot');
    const cell = 640 / 48;
    // Second s's hot cell is (3s, 13): centre at ((3s + 0.5) · 13.3, 13.5 · 13.3).
    const spot = (s: number) => [(3 * s + 0.5) * cell, 13.5 * cell] as const;
    await waitFor(() => pixel(c, ...spot(0))[3] > 0, 'second 0 drawn');
    expect(pixel(c, ...spot(5))[3]).to.equal(0);
    const scrubber = root.querySelector('input[part="scrubber"]') as HTMLInputElement;
    expect(scrubber.max).to.equal('14000');
    slide(scrubber, 5000);
    await waitFor(() => explorer(el)!.getAttribute('data-window') === '5000-6000', 'window at 5 s');
    await waitFor(() => pixel(c, ...spot(5))[3] > 0, 'second 5 drawn');
    expect(pixel(c, ...spot(0))[3]).to.equal(0);
    // The player was asked to seek there too.
    expect(video.currentTime).to.equal(5);
  });

  it("the report's demographic filters: the explorer asks for the same respondents as the figures; the Filters dialog changes both", async () => {
    const reports = reportAnswers();
    const lists: StubHandler = (req) => {
      const list = /\/dashboard\/data\/demographics\/(\w+)_list$/.exec(req.url);
      if (!list) return reports(req);
      const items = { age: [{ id: 1, name: '18-24' }, { id: 2, name: '25-34' }], family: [{ id: 3, name: 'Single' }], earnings: [{ id: 4, name: '20-40' }], gender: [{ id: 1, name: 'Female' }, { id: 2, name: 'Male' }] }[list[1]] ?? [];
      return { data: { success: true, data: items } };
    };
    const http = stubHttp(lists);
    const bodies = (part: string) => http.requests.filter((r) => r.url === `/v1.0/studies/9/cell/1/step/11/stimuli/101/${part}`).map((r) => r.body as { filters?: unknown });
    // The embedding page's filters (the attribute): the first reads are already filtered, every one alike.
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101', filters: '{"genders_group_ids":[2],"age_group_ids":[2,1]}' });
    await waitFor(() => explorer(el), 'explorer');
    const first = { filters: { age_group_ids: [1, 2], genders_group_ids: [2] } };
    expect(bodies('gaze_points')).to.deep.equal([first]);
    expect(bodies('kpi_analysis').map((b) => b.filters)).to.deep.equal([first.filters]);
    expect(bodies('graph2_data').map((b) => b.filters)).to.deep.equal([first.filters]);
    expect(buttonByText(el, 'Filters (3)')).to.exist;
    expect(el.shadowRoot!.querySelector('a[part="replay-link"]')!.getAttribute('href')).to.contain(`&filters=${encodeURIComponent(JSON.stringify(first.filters))}`);

    // The dialog: untick Male, tick Female, Submit → the explorer's next request carries them.
    buttonByText(el, 'Filters (3)').click();
    const dialog = await waitFor(() => $(el, '[role="dialog"]'), 'dialog');
    await waitFor(() => dialog.querySelectorAll('[data-kind="gender"] input[type="checkbox"]').length === 2, 'gender boxes');
    const box = (kind: string, label: string) =>
      Array.from(dialog.querySelectorAll(`[data-kind="${kind}"] label`)).find((l) => l.textContent === label)!.querySelector('input') as HTMLInputElement;
    box('gender', 'Male').click();
    box('gender', 'Female').click();
    await waitFor(() => box('gender', 'Female').checked && !box('gender', 'Male').checked, 'ticked');
    buttonByText(el, 'Submit filters').click();
    await waitFor(() => bodies('gaze_points').length === 2, 'explorer refetched');
    const second = { filters: { age_group_ids: [1, 2], genders_group_ids: [1] } };
    expect(bodies('gaze_points')[1]).to.deep.equal(second);
    await waitFor(() => bodies('kpi_analysis').length === 2, 'figures refetched');
    expect(bodies('kpi_analysis')[1].filters).to.deep.equal(second.filters);

    // Clear filters: the spec's unfiltered bodies again.
    buttonByText(el, 'Clear filters').click();
    await waitFor(() => bodies('gaze_points').length === 3, 'explorer unfiltered');
    expect(bodies('gaze_points')[2]).to.deep.equal({});
    expect(buttonByText(el, 'Filters')).to.exist;
  });
});
