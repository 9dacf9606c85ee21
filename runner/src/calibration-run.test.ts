// Issue 35 item 6: the calibration procedure on the devices respondents use (jsdom, fake clock).
// A touch screen: taps through the nine dots give a calibration the server accepts (each dot's
// points span its window; before, the pointerleave after every tap erased the gaze: nine "No gaze"
// lines). A webcam that sees no face: no dot is shown, the respondent is told (live region) and
// may try again; a face lost mid-dot repeats that dot; ending gives one line, not nine.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCalibration, FACE_MESSAGES, type CalibrationData } from './calibration';
import { MouseSource } from './gaze';
import type { GazeSource } from './source';
import { CALIBRATION_NO_FACE, CALIBRATION_NO_GAZE, calibrationProblems } from '../../shared/gaze-quality';

const W = 1000;
const H = 800;
const rect = (x: number, y: number, width: number, height: number) =>
  ({ x, y, left: x, top: y, width, height, right: x + width, bottom: y + height, toJSON() { return this; } }) as DOMRect;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
  // jsdom lays nothing out: the stage fills a 1000 × 800 screen and each dot sits at its percentages.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('gb-dot')) return rect((parseFloat(this.style.left) / 100) * W - 14, (parseFloat(this.style.top) / 100) * H - 14, 28, 28);
    return rect(0, 0, W, H);
  });
  document.body.innerHTML = '<div id="host"></div>';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function pointer(type: string, pointerType: string, x: number, y: number): MouseEvent {
  const e = new MouseEvent(type, { clientX: x, clientY: y, bubbles: true });
  Object.defineProperty(e, 'pointerType', { value: pointerType });
  return e;
}

/** A tap as Chromium fires it on a touch screen: down, up, the tap's click, then the pointer leaves. */
function tap(el: HTMLElement): void {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  el.dispatchEvent(pointer('pointerdown', 'touch', x, y));
  el.dispatchEvent(pointer('pointerup', 'touch', x, y));
  el.click();
  document.documentElement.dispatchEvent(pointer('pointerleave', 'touch', x, y));
  el.dispatchEvent(pointer('pointerout', 'touch', x, y));
}

const host = () => document.getElementById('host')!;
const dot = () => document.querySelector<HTMLButtonElement>('.gb-dot:not([disabled])');

describe('calibration on a touch screen (issue 35 item 6)', () => {
  it('taps through the nine dots give every dot its points: the server finds nothing wrong', () => {
    const source = new MouseSource(window);
    source.start();
    let data: CalibrationData | null = null;
    runCalibration(host(), source, (d) => { data = d; });
    for (let i = 1; i <= 9; i++) {
      const d = dot();
      expect(d?.getAttribute('aria-label')).toBe(`Calibration point ${i} of 9`);
      tap(d!);
      vi.advanceTimersByTime(520);
    }
    source.stop();
    expect(data).not.toBeNull();
    const got = data! as CalibrationData;
    expect(got.targets).toHaveLength(9);
    for (const t of got.targets) expect(t.samples.length).toBeGreaterThanOrEqual(10);
    expect(calibrationProblems(got, 'mouse')).toEqual([]);
  });
  it('a calibration without any gaze is one failure, not one per dot', () => {
    const area = { x: 0, y: 0, width: W, height: H };
    const empty = { area, targets: Array.from({ length: 9 }, (_, i) => ({ target: { x: 0, y: 0 }, start_ms: i * 600, end_ms: i * 600 + 500, samples: [] })) };
    expect(calibrationProblems(empty, 'mouse')).toEqual([CALIBRATION_NO_GAZE]);
    expect(calibrationProblems({ area, targets: [] }, 'webcam')).toEqual([CALIBRATION_NO_FACE]);
  });
});

/** A webcam whose face the test switches on and off; the gaze is the face's (fixed) point. */
function fakeWebcam() {
  let face = false;
  let lastAt: number | null = null;
  const source: GazeSource & { face(on: boolean): void } = {
    kind: 'webcam', label: 'Webcam eye tracking', active: true,
    start() {}, stop() {}, aim() {},
    current: () => (face ? { x: 400, y: 300 } : null),
    faceSeenAt: () => (face ? (lastAt = performance.now()) : lastAt),
    preview: () => null,
    face(on: boolean) { face = on; },
  };
  return source;
}
const panel = () => document.querySelector<HTMLElement>('.gb-face')!;
const live = () => document.querySelector<HTMLElement>('.gb-face [aria-live="assertive"]')!;
const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('.gb-face button')].find((b) => b.textContent === name)!;

describe('webcam calibration without a face (issue 35 item 6)', () => {
  it('shows no dot while no face is seen: first looking, then says so in an assertive live region with how to fix it', () => {
    const cam = fakeWebcam();
    runCalibration(host(), cam, () => {});
    expect(dot()).toBeNull();
    expect(panel().hidden).toBe(false);
    expect(live().textContent).toContain(FACE_MESSAGES.checking.title);
    vi.advanceTimersByTime(3100);
    expect(dot()).toBeNull();
    expect(panel().dataset.face).toBe('lost');
    expect(live().textContent).toBe(FACE_MESSAGES.lost.title + FACE_MESSAGES.lost.text);
    expect(button('Try again').closest('[hidden]')).toBeNull();
    // However long it stays so, the calibration does not run blind.
    vi.advanceTimersByTime(60_000);
    expect(dot()).toBeNull();
  });
  it('goes on by itself once a face is steady; a face lost during a dot pauses and shows that dot again', () => {
    const cam = fakeWebcam();
    let data: CalibrationData | null = null;
    runCalibration(host(), cam, (d) => { data = d; });
    cam.face(true);
    vi.advanceTimersByTime(700);
    expect(panel().hidden).toBe(true);
    expect(live().textContent).toBe('');
    dot()!.click();
    vi.advanceTimersByTime(520);
    expect(dot()?.getAttribute('aria-label')).toBe('Calibration point 2 of 9');
    dot()!.click();
    vi.advanceTimersByTime(100);
    cam.face(false);
    vi.advanceTimersByTime(800);
    expect(document.querySelector('.gb-dot')).toBeNull();
    expect(panel().dataset.face).toBe('lost');
    expect(live().textContent).toContain(FACE_MESSAGES.lost.title);
    cam.face(true);
    vi.advanceTimersByTime(700);
    expect(dot()?.getAttribute('aria-label')).toBe('Calibration point 2 of 9');
    for (let i = 2; i <= 9; i++) { dot()!.click(); vi.advanceTimersByTime(520); }
    const got = data! as CalibrationData;
    expect(got.targets).toHaveLength(9);
    // The interrupted collection of dot 2 was dropped: its windows follow each other.
    for (let i = 1; i < 9; i++) expect(got.targets[i].start_ms).toBeGreaterThanOrEqual(got.targets[i - 1].end_ms);
    expect(calibrationProblems(got, 'simulated').filter((p) => !/did not move/.test(p))).toEqual([]);
  });
  it('Try again looks afresh (and starts a stopped camera); End the study ends with no points: one line from the server', () => {
    const cam = fakeWebcam();
    const start = vi.fn();
    Object.assign(cam, { active: false, start });
    let data: CalibrationData | null = null;
    runCalibration(host(), cam, (d) => { data = d; });
    vi.advanceTimersByTime(3100);
    expect(panel().dataset.face).toBe('lost');
    button('Try again').click();
    expect(panel().dataset.face).toBe('checking');
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3100);
    expect(panel().dataset.face).toBe('lost');
    button('End the study').click();
    expect(data).toEqual({ area: { x: 0, y: 0, width: W, height: H }, targets: [] });
    expect(calibrationProblems(data!, 'webcam')).toEqual([CALIBRATION_NO_FACE]);
    // Ended: nothing runs on.
    vi.advanceTimersByTime(5000);
    expect(dot()).toBeNull();
  });
});
