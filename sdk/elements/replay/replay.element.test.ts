// <gaze-replay> in Chromium (issue 23 item 2): the clock is driven by a hand-turned frame source,
// so "play advances the clock" and "speed" are checked by frames, never by wall time.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './replay.element';
// The KPI and feature reports link here (one link per stim page).
import '../kpi-report/kpi-report.element';
import '../feature-report/feature-report.element';
import { reportAnswers } from '../../features/report-common/test-fixtures';
import { setImagePreload, setReportTimer } from '../../features/report-common';
import { setReplayFrames, type FrameSource } from '../../core/replay/timeline';
import { $, $$, mount, resetPage, stubHttp, waitFor, waitForText, describe, it, beforeEach, afterEach, type RecordedRequest } from '../test-utils';

const STIM = {
  stim_id: 101, cell_id: 1, step_id: 11, name: 'Big Ad', stim_type: 'i', kind: 'image', source: null, poster: null, width: 600, height: 500,
  aois: [
    { id: 1, tag: 'Logo', shape: 'rect', x: 0, y: 0, width: 300, height: 250, points: null },
    { id: 2, tag: 'CTA', shape: 'polygon', x: 300, y: 250, width: 300, height: 250, points: [[300, 250], [600, 250], [600, 500]] },
  ],
};
const respondent = (id: number, reference: string, extra: Record<string, unknown> = {}) => ({
  participant_id: id, reference, is_test: false, status: 'complete', has_eyetracking: true, eyetracked: true, measured: true,
  insufficient_gaze: false, viewable: true, viewed: true, fixation_count: 2, page_dwell_ms: 10_000, ...extra,
});
const REPLAYS: Record<number, object> = {
  7: {
    ...respondent(7, 'r-seven'), exposure_id: 70, duration_ms: 10_000, first_viewable_ms: 500, time_to_first_view_ms: 500,
    stim_rect: { x: 0, y: 0, width: 600, height: 500 },
    viewability: [{ start_ms: 500, end_ms: 6000, fraction: 1 }, { start_ms: 7000, end_ms: 9000, fraction: 0.6 }],
    fixations: [{ start_ms: 1000, duration_ms: 250, x: 100, y: 60 }, { start_ms: 2000, duration_ms: 400, x: 500, y: 400 }, { start_ms: 3000, duration_ms: 200, x: -50, y: 100 }],
    samples: [[900, 90, 50], [1000, 100, 60], [1100, 101, 61], [2000, 500, 400], [2100, 502, 401]],
    sample_count: 5,
  },
  8: {
    ...respondent(8, 'tester', { is_test: true, measured: false }), exposure_id: 80, duration_ms: 4000, first_viewable_ms: null, time_to_first_view_ms: null,
    stim_rect: { x: 0, y: 0, width: 600, height: 500 }, viewability: [], fixations: [{ start_ms: 100, duration_ms: 300, x: 10, y: 10 }], samples: [], sample_count: 0,
  },
};

function answers(requests: RecordedRequest[] = []) {
  return (req: RecordedRequest) => {
    requests.push(req);
    const m = /\/replay\/(\d+)$/.exec(req.url);
    if (req.method === 'GET' && m) {
      const data = REPLAYS[Number(m[1])];
      return data ? { data: { success: true, stim: STIM, data } } : { status: 404, data: { success: false, message: 'Not found' } };
    }
    if (req.method === 'POST' && req.url.endsWith('/replay')) {
      return { data: { success: true, stim: STIM, total: 2, data: [respondent(7, 'r-seven'), respondent(8, 'tester', { is_test: true, measured: false, fixation_count: 1 })] } };
    }
    return { status: 404, data: { success: false, message: 'Not found' } };
  };
}

/** A frame source turned by hand: tick(ms) moves its clock and runs the waiting frame. */
function manualFrames() {
  let now = 0;
  let waiting: ((t: number) => void) | null = null;
  const source: FrameSource = {
    request: (cb) => { waiting = cb; return 1; },
    cancel: () => { waiting = null; },
    now: () => now,
  };
  return {
    source,
    async tick(ms: number) {
      now += ms;
      const cb = waiting;
      waiting = null;
      cb?.(now);
      await new Promise((r) => setTimeout(r, 20));
    },
  };
}

const player = (el: HTMLElement) => $(el, '[part="player"]')!;
const clockOf = (el: HTMLElement) => Number(player(el).getAttribute('data-time'));
const scrubber = (el: HTMLElement) => $(el, 'input[type="range"]') as HTMLInputElement;
const selectNamed = (el: HTMLElement, label: string) => {
  const l = $$(el, 'label').find((x) => x.textContent?.trim() === label)!;
  return el.shadowRoot!.getElementById(l.getAttribute('for')!) as HTMLSelectElement;
};
function scrubTo(el: HTMLElement, ms: number) {
  const input = scrubber(el);
  // React listens for the native input event; set the value through the prototype's setter.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(ms));
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('<gaze-replay>', () => {
  let frames: ReturnType<typeof manualFrames>;
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
    frames = manualFrames();
    setReplayFrames(frames.source);
  });
  afterEach(() => setReplayFrames());

  async function open(attrs: Record<string, string> = {}, requests: RecordedRequest[] = []) {
    stubHttp(answers(requests));
    const el = await mount('gaze-replay', { 'study-id': '9', 'stim-key': '1:11:9:101', ...attrs });
    await waitFor(() => $(el, '[part="player"]'), 'player');
    return el;
  }

  it('reads the respondents with the report filters and replays the first one with fixations; test sessions marked', async () => {
    const requests: RecordedRequest[] = [];
    const el = await open({ filters: '{"age_group_ids":[2]}' }, requests);
    const list = requests.find((r) => r.method === 'POST')!;
    expect(list.url).to.equal('/v1.0/studies/9/cell/1/step/11/stimuli/101/replay');
    expect(list.body).to.deep.equal({ filters: { age_group_ids: [2] } });
    expect(requests.some((r) => r.method === 'GET' && r.url.endsWith('/replay/7'))).to.equal(true);
    const options = Array.from(selectNamed(el, 'Respondent').options).map((o) => o.textContent);
    expect(options).to.deep.equal(['r-seven · 2 fixations on the stim', 'tester (test session) · 1 fixation on the stim']);
    expect($(el, '[part="respondent-count"]')!.textContent).to.contain("after the report's demographic filters");
  });

  it('draws the AOI outlines over the stim', async () => {
    const el = await open();
    const aois = $$(el, '[part="aoi"]');
    expect(aois.map((a) => a.getAttribute('data-tag'))).to.deep.equal(['Logo', 'CTA']);
    expect(aois[0].tagName.toLowerCase()).to.equal('rect');
    expect([aois[0].getAttribute('x'), aois[0].getAttribute('width'), aois[0].getAttribute('height')]).to.deep.equal(['0', '300', '250']);
    expect(aois[1].tagName.toLowerCase()).to.equal('polygon');
    expect(aois[1].getAttribute('points')).to.equal('300,250 600,250 600,500');
    expect($(el, 'svg')!.getAttribute('viewBox')).to.equal('0 0 600 500');
  });

  it('the viewable intervals are on the timeline', async () => {
    const el = await open();
    const iv = $$(el, '[part="viewable-interval"]');
    expect(iv.map((i) => [i.getAttribute('data-start'), i.getAttribute('data-end')])).to.deep.equal([['500', '6000'], ['7000', '9000']]);
    expect(iv[0].style.left).to.equal('5%');
    expect($(el, '[part="timeline-legend"]')!.textContent).to.contain('Viewable 0.5 s to 6.0 s, 7.0 s to 9.0 s');
  });

  it('play advances the clock frame by frame; pause stops it', async () => {
    const el = await open();
    expect(clockOf(el)).to.equal(0);
    ($(el, '[part="play"]') as HTMLButtonElement).click();
    await waitFor(() => player(el).getAttribute('data-playing') === 'true', 'playing');
    await frames.tick(500);
    await waitFor(() => clockOf(el) === 500, 'clock at 500');
    await frames.tick(700);
    await waitFor(() => clockOf(el) === 1200, 'clock at 1200');
    // At 1.2 s the first fixation (1.0–1.25 s) is under way.
    expect($(el, '[part="current-fixation"]')!.getAttribute('data-index')).to.equal('0');
    expect($(el, '[part="play"]')!.textContent).to.equal('Pause');
    ($(el, '[part="play"]') as HTMLButtonElement).click();
    await waitFor(() => player(el).getAttribute('data-playing') === 'false', 'paused');
    await frames.tick(1000);
    expect(clockOf(el)).to.equal(1200);
  });

  it('speed changes how far a frame moves the clock', async () => {
    const el = await open();
    const speed = selectNamed(el, 'Speed');
    expect(Array.from(speed.options).map((o) => o.textContent)).to.deep.equal(['0.25×', '0.5×', '1×', '2×', '4×']);
    speed.value = '2';
    speed.dispatchEvent(new Event('change', { bubbles: true }));
    ($(el, '[part="play"]') as HTMLButtonElement).click();
    await waitFor(() => player(el).getAttribute('data-playing') === 'true', 'playing');
    await frames.tick(500);
    await waitFor(() => clockOf(el) === 1000, 'clock at 1000 after 500 ms at 2×');
    speed.value = '0.5';
    speed.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => speed.value === '0.5', 'speed');
    await frames.tick(400);
    await waitFor(() => clockOf(el) === 1200, 'clock at 1200 after 400 ms at 0.5×');
  });

  it('scrubbing moves to a time and shows the fixation stored there', async () => {
    const el = await open();
    scrubTo(el, 2200);
    await waitFor(() => clockOf(el) === 2200, 'clock at 2200');
    const current = $(el, '[part="current-fixation"]')!;
    expect([current.getAttribute('data-index'), current.getAttribute('data-x'), current.getAttribute('data-y')]).to.deep.equal(['1', '500', '400']);
    expect(current.querySelector('circle')!.getAttribute('cx')).to.equal('500');
    expect($(el, '[part="fixation-readout"]')!.textContent).to.contain('Fixation 2 of 3: 500, 400 px, 400 ms from 2.0 s on the stim');
    // The earlier fixation stays, faded; the trail holds the samples of the last second.
    expect($$(el, '[part="fixation"]').map((f) => f.getAttribute('data-index'))).to.deep.equal(['0']);
    expect($(el, '[part="sample-trail"]')!.getAttribute('points')).to.equal('500,400 502,401');
    scrubTo(el, 1500);
    await waitFor(() => clockOf(el) === 1500, 'clock at 1500');
    expect($(el, '[part="current-fixation"]')).to.equal(null);
    expect($(el, '[part="fixation-readout"]')!.textContent).to.contain('1 of 3 fixations so far, 1 on the stim');
    // A fixation elsewhere on the page is marked, hollow, on the stim's edge, and said to be off the stim.
    scrubTo(el, 3100);
    await waitFor(() => clockOf(el) === 3100, 'clock at 3100');
    const off = $(el, '[part="current-fixation"]')!;
    expect([off.getAttribute('data-index'), off.getAttribute('data-outside'), off.querySelector('circle')!.getAttribute('cx')]).to.deep.equal(['2', 'true', '0']);
    expect($(el, '[part="fixation-readout"]')!.textContent).to.contain('Fixation 3 of 3: -50, 100 px, 200 ms from 3.0 s, off the stim');
  });

  it('keyboard: space plays and pauses, arrows scrub 0.1 s (Shift 1 s), End and Home', async () => {
    const el = await open();
    player(el).focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => clockOf(el) === 100, 'clock at 100');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ up: 'Shift' });
    await waitFor(() => clockOf(el) === 1100, 'clock at 1100');
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => clockOf(el) === 1000, 'clock at 1000');
    await sendKeys({ press: 'Space' });
    await waitFor(() => player(el).getAttribute('data-playing') === 'true', 'playing');
    await frames.tick(100);
    await waitFor(() => clockOf(el) === 1100, 'clock at 1100 after a frame');
    await sendKeys({ press: 'Space' });
    await waitFor(() => player(el).getAttribute('data-playing') === 'false', 'paused');
    await sendKeys({ press: 'End' });
    await waitFor(() => clockOf(el) === 10_000, 'end');
    await sendKeys({ press: 'Home' });
    await waitFor(() => clockOf(el) === 0, 'start');
    // The scrubber is named, and its value is spoken as a time.
    expect(scrubber(el).getAttribute('aria-label')).to.equal('Replay time');
    expect(scrubber(el).getAttribute('aria-valuetext')).to.equal('0.0 s of 10.0 s');
    expect(player(el).getAttribute('aria-label')).to.equal('Replay of respondent r-seven');
  });

  it('picking another respondent loads their replay and says so', async () => {
    const el = await open();
    const heard: number[] = [];
    el.addEventListener('gaze-replay-respondent', (e) => heard.push((e as CustomEvent<{ participant: number }>).detail.participant));
    const pick = selectNamed(el, 'Respondent');
    pick.value = '8';
    pick.dispatchEvent(new Event('change', { bubbles: true }));
    await waitForText(el, 'Respondent tester: test session');
    expect(heard).to.deep.equal([8]);
    expect(player(el).getAttribute('aria-label')).to.equal('Replay of respondent tester');
  });

  it('the participant attribute picks the respondent; a video stim follows the replay clock', async () => {
    const requests: RecordedRequest[] = [];
    stubHttp((req) => {
      const r = answers(requests)(req) as { data: { stim: object; data?: { viewability?: unknown } } };
      if (r.data?.stim) r.data.stim = { ...STIM, kind: 'video', stim_type: 'v', source: 'data:video/mp4,', aois: [] };
      return r as never;
    });
    // No media is served here: the video's own time is read from what the element asked it to be.
    const el = await mount('gaze-replay', { 'study-id': '9', 'stim-key': '1:11:9:101', participant: '7' });
    await waitFor(() => $(el, 'video'), 'video');
    expect(requests.some((r) => r.url.endsWith('/replay/7'))).to.equal(true);
    scrubTo(el, 3000);
    // Viewable (playing) from 0.5 s: at 3 s the video has played 2.5 s.
    await waitFor(() => $(el, 'video')!.getAttribute('data-video-time') === '2.50', 'video time 2.5');
  });

  it('a stim key of another study shows the not-found state', async () => {
    stubHttp(answers());
    const el = await mount('gaze-replay', { 'study-id': '9', 'stim-key': '1:11:8:101' });
    await waitForText(el, 'Stim not found');
  });

  it('the KPI and feature reports link each stim page to its replay', async () => {
    setReportTimer(() => () => {});
    setImagePreload(() => new Promise(() => {}));
    try {
      stubHttp(reportAnswers());
      for (const tag of ['gaze-kpi-report', 'gaze-feature-report'] as const) {
        const el = await mount(tag, { 'study-id': '9', stims: '1:11:9:101' });
        const link = await waitFor(() => $(el, '[part="replay-link"]') as HTMLAnchorElement | null, `${tag} replay link`);
        expect(link.getAttribute('href')).to.equal('/my_studies/overview/9/replay?stim=1:11:9:101');
        expect(link.textContent).to.equal('Watch a gaze replay');
        el.remove();
      }
    } finally {
      setReportTimer();
      setImagePreload();
    }
  });
});
