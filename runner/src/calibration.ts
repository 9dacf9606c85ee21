// A simple 9-point calibration (issue 22 items 1 and 4): nine targets in a 3 × 3 grid; the
// respondent looks at each and clicks it (Enter or Space also work). For half a second after each
// click the gaze source's points are collected with their times. The runner measures nothing
// itself: it records the raw calibration (the area, each dot, its collection window and points)
// and the server computes accuracy, precision and frame rate from it and checks it is plausible
// (shared/gaze-quality.ts, shared: the grid and timings come from there). The simulated
// source is aimed at each target and clicks it itself.
//
// With the webcam (issue 35 item 6) the dots are shown only while the camera sees a face
// (webcam/presence.ts): before the first dot the camera is given a moment to find it, and when no
// face is seen the calibration pauses with a visible, announced message, the camera's picture and
// how to fix it; it goes on by itself once the face is back (a dot whose collection the lost face
// interrupted is shown again). *Try again* looks afresh (and restarts a camera that stopped);
// *End the study* ends the calibration with no points, which the server fails with one line.

import type { GazeSource, Point } from './source';
import {
  CALIBRATION_COLLECT_MS, CALIBRATION_HZ, CALIBRATION_LIMITS, gridTargets, type Area, type CalibrationData, type CalibrationTarget,
} from '../../shared/gaze-quality';
import { FacePresence, type FaceState } from './webcam/presence';

export type { CalibrationData };

/** What the paused calibration says (title, then how to fix it). */
export const FACE_MESSAGES: Record<Exclude<FaceState, 'seen'>, { title: string; text: string }> = {
  checking: {
    title: 'Looking for your face…',
    text: 'Sit facing the screen with your face in the camera\'s view. The calibration starts as soon as your face is seen.',
  },
  lost: {
    title: 'The camera cannot see your face',
    text: 'The calibration is paused. Sit facing the screen with your whole face in the camera\'s view, in good light (no bright window behind you), and keep it uncovered. The calibration goes on by itself when your face is seen again.',
  },
};
export const FACE_CAMERA_OFF = 'The camera has stopped. Choose Try again to start it.';

const round1 = (v: number) => Math.round(v * 10) / 10;
const areaOf = (r: DOMRect): Area => ({ x: round1(r.left), y: round1(r.top), width: round1(r.width), height: round1(r.height) });
/** Whether a dot's points span its window as the server requires (gaze-quality.ts). */
const covers = (s: [number, number, number][], start: number, end: number) =>
  s.length >= CALIBRATION_LIMITS.minPoints && s[0][0] - start <= CALIBRATION_LIMITS.edgeGapMs && end - s[s.length - 1][0] <= CALIBRATION_LIMITS.edgeGapMs;
/** How often the calibration asks the webcam whether it sees a face. */
const FACE_POLL_MS = 100;

export function runCalibration(host: HTMLElement, source: GazeSource, onDone: (r: CalibrationData) => void): () => void {
  const fractions = gridTargets({ x: 0, y: 0, width: 1, height: 1 });
  const targets: CalibrationTarget[] = [];
  // One clock for the whole procedure: the server checks the windows follow each other.
  const t0 = performance.now();
  const clock = () => round1(performance.now() - t0);
  let stopped = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  host.innerHTML = '';
  const stage = document.createElement('div');
  stage.className = 'gb-calibration';
  const note = document.createElement('p');
  note.className = 'gb-calibration-note';
  note.id = 'gb-calibration-note';
  stage.append(note);
  // Below the bar (the test notice stays visible and never covers a dot).
  stage.style.top = `${Math.max(0, document.querySelector('.gb-bar')?.getBoundingClientRect().bottom ?? 0)}px`;
  host.append(stage);

  // The dot shown (or to show once the face is seen) and its collection, if one runs.
  let current = 0;
  let collecting: { tick: ReturnType<typeof setInterval>; timer: ReturnType<typeof setTimeout> } | null = null;
  const watch = source.faceSeenAt ? new FacePresence(performance.now()) : null;
  let face: FaceState = watch ? 'checking' : 'seen';
  const panel = watch ? facePanel(stage, source) : null;

  const finish = (data: CalibrationData) => {
    if (stopped) return;
    cancel();
    onDone(data);
  };

  const show = (i: number) => {
    if (stopped) return;
    current = i;
    if (i >= fractions.length) {
      finish({ area: areaOf(stage.getBoundingClientRect()), targets });
      return;
    }
    stage.querySelector('.gb-dot')?.remove();
    if (face !== 'seen') return;
    note.textContent = `Calibration: look at the dot and click or tap it (${i + 1} of ${fractions.length}).`;
    const dot = document.createElement('button');
    dot.type = 'button';
    dot.className = 'gb-dot';
    dot.setAttribute('aria-label', `Calibration point ${i + 1} of ${fractions.length}`);
    dot.setAttribute('aria-describedby', note.id);
    dot.style.left = `${fractions[i].x * 100}%`;
    dot.style.top = `${fractions[i].y * 100}%`;
    stage.append(dot);
    const r = () => dot.getBoundingClientRect();
    source.aim({ x: r().left, y: r().top, width: r().width, height: r().height });
    dot.addEventListener('click', () => {
      if (face !== 'seen' || collecting) return;
      dot.disabled = true;
      const target: Point = { x: round1(r().left + r().width / 2), y: round1(r().top + r().height / 2) };
      const samples: [number, number, number][] = [];
      const start_ms = clock();
      const tick = setInterval(() => {
        const p = source.current();
        const t = clock();
        if (p && (!samples.length || t > samples[samples.length - 1][0])) samples.push([t, round1(p.x), round1(p.y)]);
      }, 1000 / CALIBRATION_HZ);
      const timer = setTimeout(() => {
        clearInterval(tick);
        collecting = null;
        const end_ms = clock();
        // The face went out of view during this dot (the presence check has not said so yet):
        // its points do not cover the window, so the dot is shown again rather than failed.
        if (watch && !covers(samples, start_ms, end_ms)) { show(i); return; }
        targets.push({ target, start_ms, end_ms, samples });
        show(i + 1);
      }, CALIBRATION_COLLECT_MS);
      collecting = { tick, timer };
    }, { once: true });
    if (source.kind === 'simulated') timers.push(setTimeout(() => dot.click(), 300));
    else dot.focus({ preventScroll: true });
  };

  /** The face came or went: pause (dropping an interrupted collection) or go on with the current dot. */
  const faceChanged = (next: FaceState) => {
    const was = face;
    face = next;
    if (next !== 'seen') {
      if (collecting) { clearInterval(collecting.tick); clearTimeout(collecting.timer); collecting = null; }
      stage.querySelector('.gb-dot')?.remove();
      note.textContent = '';
    }
    panel?.render(next, source.active === false);
    if (next === 'seen' && was !== 'seen') show(current);
  };

  if (watch && panel) {
    panel.onRetry(() => {
      watch.reset(performance.now());
      faceChanged('checking');
      // A camera that stopped (another program took it, the respondent revoked it) is started again.
      if (source.active === false) {
        void Promise.resolve(source.start()).catch((err: unknown) => {
          if (!stopped) panel.say(`${(err as Error)?.message || 'The camera could not be started'}.`);
        });
      }
    });
    // Ends with no points: the server fails that calibration with one line (the camera saw no face).
    panel.onEnd(() => finish({ area: areaOf(stage.getBoundingClientRect()), targets: [] }));
    const poll = setInterval(() => {
      const next = watch.update(performance.now(), source.faceSeenAt!());
      if (next !== face) faceChanged(next);
    }, FACE_POLL_MS);
    timers.push(poll as unknown as ReturnType<typeof setTimeout>);
    panel.render(face, false);
  }
  show(0);

  function cancel(): void {
    stopped = true;
    for (const t of timers) { clearTimeout(t); clearInterval(t); }
    if (collecting) { clearInterval(collecting.tick); clearTimeout(collecting.timer); collecting = null; }
    panel?.close();
  }
  return cancel;
}

/**
 * The paused calibration's panel: the message in an assertive live region (present from the start,
 * so each change is announced), the camera's picture (mirrored, like a mirror), Try again and End
 * the study. Hidden while the face is seen.
 */
function facePanel(stage: HTMLElement, source: GazeSource) {
  const box = document.createElement('div');
  box.className = 'gb-face';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-labelledby', 'gb-face-title');
  const live = document.createElement('div');
  live.className = 'gb-face-live';
  live.setAttribute('aria-live', 'assertive');
  live.setAttribute('aria-atomic', 'true');
  const title = document.createElement('h2');
  title.id = 'gb-face-title';
  const text = document.createElement('p');
  const extra = document.createElement('p');
  extra.className = 'gb-status';
  live.append(title, text, extra);
  const video = document.createElement('video');
  video.className = 'gb-face-preview';
  video.muted = true;
  video.playsInline = true;
  video.autoplay = true;
  video.setAttribute('aria-label', 'What your camera sees');
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'gb-next';
  retry.textContent = 'Try again';
  const end = document.createElement('button');
  end.type = 'button';
  end.className = 'gb-next gb-secondary';
  end.textContent = 'End the study';
  const actions = document.createElement('div');
  actions.className = 'gb-actions';
  actions.append(end, retry);
  box.append(live, video, actions);
  stage.append(box);
  let lastState: FaceState | null = null;
  return {
    render(state: FaceState, cameraOff: boolean) {
      box.hidden = state === 'seen';
      box.dataset.face = state;
      actions.hidden = state !== 'lost';
      if (state === 'seen') {
        title.textContent = '';
        text.textContent = '';
        extra.textContent = '';
      } else if (state !== lastState || cameraOff) {
        title.textContent = FACE_MESSAGES[state].title;
        text.textContent = FACE_MESSAGES[state].text;
        extra.textContent = cameraOff ? FACE_CAMERA_OFF : '';
      }
      const stream = source.preview?.() ?? null;
      if (state !== 'seen' && video.srcObject !== stream) video.srcObject = stream;
      video.hidden = state === 'seen' || !stream;
      if (state === 'lost' && lastState !== 'lost') retry.focus({ preventScroll: true });
      lastState = state;
    },
    say(message: string) {
      extra.textContent = message;
    },
    onRetry(fn: () => void) { retry.addEventListener('click', fn); },
    onEnd(fn: () => void) { end.addEventListener('click', fn); },
    close() { video.srcObject = null; },
  };
}
