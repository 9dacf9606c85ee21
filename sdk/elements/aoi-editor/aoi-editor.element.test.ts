// <gaze-aoi-editor> in Chromium with a real mouse and keyboard (puppeteer through
// @web/test-runner-commands): the pointer events go through hit testing, pointer capture and the
// shadow root as a user's do. HTTP is answered at the transport.
//
// The first version of this test dispatched synthetic PointerEvents one after another in the same
// task; the editor's handlers then closed over the shapes of the last render, so a pointermove
// wrote back the list without the rectangle that pointerdown had just added. The editor now keeps
// its drawing state in one reducer (shapes.ts editorReducer), which a fast drag also needs.
import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import './aoi-editor.element';
import { $, $$, buttonByText, byLabel, mount, resetPage, stubHttp, typeInto, waitFor, waitForText, describe, it, beforeEach, afterEach } from '../test-utils';

const DATA = {
  id: 3, stim_id: 3, name: 'MPU', stim_type: 'i', source: null, width: 600, height: 500, heatmap_url: null, job_id: null,
  aois: [{ id: 7, tag: 'logo', shape: 'rect', x: 10, y: 10, width: 100, height: 50, points: null }],
};

interface SavedAoi { id?: number; tag: string; shape: string; x: number; y: number; width: number; height: number; points: number[][] | null }

function api(opts: { fail?: boolean } = {}) {
  return stubHttp((req) => {
    if (/\/analysis\/(stimuli|tpstimuli)\/3$/.test(req.url)) {
      if (req.method === 'GET') return { data: { success: true, data: DATA } };
      if (opts.fail) return { status: 422, data: { success: false, message: 'AOI 2 lies outside the stim.' } };
      return { data: { success: true, job_id: 12, data: { ...DATA, aois: (req.body as { aois: unknown[] }).aois } } };
    }
    if (req.url.endsWith('/analysis/tags2')) return { data: { success: true, data: [{ name: 'logo', count: 1 }, { name: 'CTA', count: 0 }] } };
    return { status: 404, data: {} };
  });
}

/** The viewport position of stim pixel (sx, sy) on the 600 × 500 drawing. */
function at(svg: Element, sx: number, sy: number): [number, number] {
  const r = svg.getBoundingClientRect();
  return [Math.round(r.left + (sx / 600) * r.width), Math.round(r.top + (sy / 500) * r.height)];
}

async function drag(svg: Element, from: [number, number], to: [number, number]) {
  await sendMouse({ type: 'move', position: at(svg, ...from) });
  await sendMouse({ type: 'down' });
  const mid: [number, number] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
  await sendMouse({ type: 'move', position: at(svg, ...mid) });
  await sendMouse({ type: 'move', position: at(svg, ...to) });
  await sendMouse({ type: 'up' });
}

async function click(svg: Element, p: [number, number]) {
  await sendMouse({ type: 'click', position: at(svg, ...p) });
}

async function chord(modifier: string, key: string) {
  await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  await sendKeys({ up: modifier });
}

const listed = (el: HTMLElement) => $$(el, '[part="aoi-list"] button').map((b) => b.textContent?.trim());
const rectOf = (el: HTMLElement, tag: string) => {
  const g = $$(el, 'g[aria-label]').find((x) => x.getAttribute('aria-label')?.replace(' (selected)', '') === tag);
  const r = g?.querySelector('rect[data-key]:not([data-handle])');
  return r ? ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a))) : null;
};
/** Mouse positions are whole viewport pixels, so a stim pixel can be off by one after scaling. */
const near = (got: number[] | null, want: number[]) => Boolean(got) && got!.every((v, i) => Math.abs(v - want[i]) <= 1.5);

async function open(type: string) {
  const el = await mount('gaze-aoi-editor', { 'stim-id': '3', type });
  el.style.display = 'block';
  el.style.width = '900px';
  await waitForText(el, 'logo (rectangle)');
  const svg = $(el, 'svg[role="application"]')!;
  svg.scrollIntoView({ block: 'start' });
  return { el, svg };
}

describe('<gaze-aoi-editor>', () => {
  beforeEach(async () => {
    resetPage('/v1.0');
    await setViewport({ width: 1200, height: 900 });
  });
  afterEach(async () => { await resetMouse(); });

  it('D2-222 draws a rectangle by dragging; a click without a drag draws nothing', async () => {
    api();
    const { el, svg } = await open('stim');
    buttonByText(el, 'Rectangle').click();
    await waitFor(() => buttonByText(el, 'Rectangle').getAttribute('aria-pressed') === 'true', 'rect tool');
    await drag(svg, [300, 300], [400, 380]);
    await waitForText(el, 'AOI 2 (rectangle)');
    expect(near(rectOf(el, 'AOI 2'), [300, 300, 100, 80])).to.equal(true, String(rectOf(el, 'AOI 2')));
    // The tool goes back to Select after a rectangle.
    expect(buttonByText(el, 'Select').getAttribute('aria-pressed')).to.equal('true');
    buttonByText(el, 'Rectangle').click();
    await waitFor(() => buttonByText(el, 'Rectangle').getAttribute('aria-pressed') === 'true', 'rect tool');
    await click(svg, [500, 100]);
    await waitFor(() => buttonByText(el, 'Select').getAttribute('aria-pressed') === 'true', 'select tool');
    expect(listed(el)).to.deep.equal(['logo (rectangle)', 'AOI 2 (rectangle)']);
  });

  it('D2-222 moves a rectangle by dragging it and resizes it by its corner handle, kept inside the stim', async () => {
    api();
    const { el, svg } = await open('stim');
    await drag(svg, [50, 30], [150, 130]);
    await waitFor(() => near(rectOf(el, 'logo'), [110, 110, 100, 50]), `moved (${rectOf(el, 'logo')})`);
    // Selected now: its handle sits on the bottom-right corner (210, 160).
    await waitFor(() => $(el, 'rect[data-handle]'), 'resize handle');
    await drag(svg, [210, 160], [240, 190]);
    await waitFor(() => near(rectOf(el, 'logo'), [110, 110, 130, 80]), `resized (${rectOf(el, 'logo')})`);
    // Dragged past the edge, the AOI stays inside the 600 × 500 stim.
    await drag(svg, [150, 130], [599, 499]);
    await waitFor(() => near(rectOf(el, 'logo'), [470, 420, 130, 80]), `clamped (${rectOf(el, 'logo')})`);
  });

  it('D2-222 keyboard: arrows nudge (Shift 10 px), Alt+arrows resize, Delete removes, Ctrl+Z undoes each step', async () => {
    api();
    const { el, svg } = await open('stim');
    await click(svg, [50, 30]); // selects the logo and focuses the drawing
    await waitFor(() => $(el, 'rect[data-handle]'), 'selected');
    await chord('Shift', 'ArrowRight');
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => near(rectOf(el, 'logo'), [20, 11, 100, 50]), `nudged (${rectOf(el, 'logo')})`);
    expect(rectOf(el, 'logo')).to.deep.equal([20, 11, 100, 50]);
    await chord('Alt', 'ArrowRight');
    await waitFor(() => rectOf(el, 'logo')?.[2] === 101, 'resized by keyboard');
    await sendKeys({ press: 'Delete' });
    await waitFor(() => !listed(el).includes('logo (rectangle)'), 'deleted');
    expect(listed(el)).to.deep.equal([]);
    await chord('Control', 'z');
    await waitForText(el, 'logo (rectangle)');
    expect(rectOf(el, 'logo')).to.deep.equal([20, 11, 101, 50]);
    await chord('Control', 'z');
    await waitFor(() => rectOf(el, 'logo')?.[2] === 100, 'undid the resize');
    await chord('Control', 'z');
    await chord('Control', 'z');
    await waitFor(() => rectOf(el, 'logo')?.join() === '10,10,100,50', 'back where it was');
    expect(buttonByText(el, 'Undo').disabled).to.equal(true);
  });

  it('D2-222 draws a polygon by clicks and Enter, tags it from the field, saves every AOI through /analysis/stimuli', async () => {
    const http = api();
    const { el, svg } = await open('stim');
    buttonByText(el, 'Polygon').click();
    await waitFor(() => buttonByText(el, 'Polygon').getAttribute('aria-pressed') === 'true', 'polygon tool');
    for (const p of [[300, 100], [400, 100], [350, 200]] as [number, number][]) await click(svg, p);
    await waitFor(() => !buttonByText(el, 'Close polygon').disabled, 'three points');
    await sendKeys({ press: 'Enter' });
    await waitForText(el, 'AOI 2 (polygon)');
    // The new polygon is selected: name it.
    typeInto(byLabel(el, 'Tag'), 'CTA');
    await waitForText(el, 'CTA (polygon)');
    // An empty tag is refused before any call.
    typeInto(byLabel(el, 'Tag'), '  ');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'Every AOI needs a tag.');
    expect(http.requests.some((r) => r.method === 'POST')).to.equal(false);
    typeInto(byLabel(el, 'Tag'), 'CTA ');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'AOIs saved. The feature metrics are being recomputed.');
    const saved = http.requests.find((r) => r.method === 'POST')!;
    expect(saved.url).to.equal('/v1.0/analysis/stimuli/3');
    const aois = (saved.body as { aois: SavedAoi[] }).aois;
    expect(aois.map((a) => [a.tag, a.shape, a.id])).to.deep.equal([['logo', 'rect', 7], ['CTA', 'polygon', undefined]]);
    const pts = aois[1].points!;
    expect(pts).to.have.length(3);
    [[300, 100], [400, 100], [350, 200]].forEach(([x, y], i) => expect(near(pts[i], [x, y])).to.equal(true, String(pts[i])));
    expect(near([aois[1].x, aois[1].y, aois[1].width, aois[1].height], [300, 100, 100, 100])).to.equal(true);
    // After a save the history starts again.
    expect(buttonByText(el, 'Undo').disabled).to.equal(true);
  });

  it('D2-222 another type reads and saves through /analysis/tpstimuli; a refused save shows the server\'s message', async () => {
    const http = api({ fail: true });
    const { el, svg } = await open('batch');
    expect(http.requests[0].url).to.match(/\/analysis\/tpstimuli\/3$/);
    buttonByText(el, 'Polygon').click();
    await waitFor(() => buttonByText(el, 'Polygon').getAttribute('aria-pressed') === 'true', 'polygon tool');
    for (const p of [[100, 300], [200, 300], [150, 400]] as [number, number][]) await click(svg, p);
    await waitFor(() => !buttonByText(el, 'Close polygon').disabled, 'three points');
    buttonByText(el, 'Close polygon').click();
    await waitForText(el, 'AOI 2 (polygon)');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'AOI 2 lies outside the stim.');
    const post = http.requests.find((r) => r.method === 'POST')!;
    expect(post.url).to.equal('/v1.0/analysis/tpstimuli/3');
    // Nothing was lost: the AOIs are still there to fix.
    expect(listed(el)).to.deep.equal(['logo (rectangle)', 'AOI 2 (polygon)']);
  });

  it('issue 35: on a short window (1440 × 760) the page stays still while drawing: a 120 × 50 drag saves 120 × 50', async () => {
    await setViewport({ width: 1440, height: 760 });
    const http = api();
    const el = await mount('gaze-aoi-editor', { 'stim-id': '3', type: 'stim' });
    el.style.display = 'block';
    await waitForText(el, 'logo (rectangle)');
    const svg = $(el, 'svg[role="application"]')!;
    // The drawing is taller than the window and starts part-way down it, as on a real page.
    expect(svg.getBoundingClientRect().height).to.be.greaterThan(760);
    window.scrollTo(0, 0);
    window.scrollBy(0, svg.getBoundingClientRect().top - 400);
    const scrolled = window.scrollY;
    buttonByText(el, 'Rectangle').click();
    await waitFor(() => buttonByText(el, 'Rectangle').getAttribute('aria-pressed') === 'true', 'rect tool');
    // A hand moves in screen coordinates: every position is fixed before the button goes down.
    const from = at(svg, 200, 60), mid = at(svg, 260, 85), to = at(svg, 320, 110);
    await sendMouse({ type: 'move', position: from });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: mid });
    await sendMouse({ type: 'move', position: to });
    await sendMouse({ type: 'up' });
    await waitForText(el, 'AOI 2 (rectangle)');
    expect(window.scrollY).to.equal(scrolled);
    typeInto(byLabel(el, 'Tag'), 'Headline');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'AOIs saved.');
    const saved = (http.requests.find((r) => r.method === 'POST')!.body as { aois: SavedAoi[] }).aois[1];
    expect(near([saved.x, saved.y, saved.width, saved.height], [200, 60, 120, 50])).to.equal(true, JSON.stringify(saved));
  });
});
