// A simple 9-point calibration (issue 22 item 1): nine targets in a 3 × 3 grid; the respondent
// looks at each and clicks it (Enter or Space also work). For half a second after each click the
// gaze source's points are collected: accuracy is the mean distance of their centre from the
// target, precision the mean spread (RMS) around that centre, both in px; the frame rate is the
// source's sampling rate over the procedure. The simulated source is aimed at each target and
// clicks it itself.
import type { GazeSource, Point } from './gaze';

export interface CalibrationResult {
  accuracy_px: number;
  precision_px: number;
  frame_rate: number;
}

/** Accuracy and precision of the points gathered at each target. Pure. */
export function calibrationQuality(perTarget: { target: Point; points: Point[] }[]): { accuracy: number; precision: number } {
  const used = perTarget.filter((t) => t.points.length);
  if (!used.length) return { accuracy: 0, precision: 0 };
  let acc = 0;
  let prec = 0;
  for (const { target, points } of used) {
    const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
    const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
    acc += Math.hypot(cx - target.x, cy - target.y);
    prec += Math.sqrt(points.reduce((s, p) => s + (p.x - cx) ** 2 + (p.y - cy) ** 2, 0) / points.length);
  }
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return { accuracy: round1(acc / used.length), precision: round1(prec / used.length) };
}

/** Samples per second over the time spent collecting them, rounded, at most 120 (0 when nothing was collected). Pure. */
export function frameRate(samples: number, sampledMs: number): number {
  return sampledMs > 0 ? Math.min(120, Math.round((samples * 1000) / sampledMs)) : 0;
}

const GRID = [0.1, 0.5, 0.9];
const COLLECT_MS = 500;
const HZ = 30;

export function runCalibration(host: HTMLElement, source: GazeSource, onDone: (r: CalibrationResult) => void): () => void {
  const points = GRID.flatMap((y) => GRID.map((x) => ({ x, y })));
  const perTarget: { target: Point; points: Point[] }[] = [];
  let samples = 0;
  let sampledMs = 0;
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

  const show = (i: number) => {
    if (stopped) return;
    if (i >= points.length) {
      const q = calibrationQuality(perTarget);
      onDone({ accuracy_px: q.accuracy, precision_px: q.precision, frame_rate: frameRate(samples, sampledMs) });
      return;
    }
    note.textContent = `Calibration: look at the dot and click it (${i + 1} of ${points.length}).`;
    stage.querySelector('.gb-dot')?.remove();
    const dot = document.createElement('button');
    dot.type = 'button';
    dot.className = 'gb-dot';
    dot.setAttribute('aria-label', `Calibration point ${i + 1} of ${points.length}`);
    dot.setAttribute('aria-describedby', note.id);
    dot.style.left = `${points[i].x * 100}%`;
    dot.style.top = `${points[i].y * 100}%`;
    stage.append(dot);
    const r = () => dot.getBoundingClientRect();
    source.aim({ x: r().left, y: r().top, width: r().width, height: r().height });
    dot.addEventListener('click', () => {
      dot.disabled = true;
      const target = { x: r().left + r().width / 2, y: r().top + r().height / 2 };
      const got: Point[] = [];
      const begin = performance.now();
      const tick = setInterval(() => { const p = source.current(); if (p) got.push(p); }, 1000 / HZ);
      timers.push(setTimeout(() => {
        clearInterval(tick);
        samples += got.length;
        sampledMs += performance.now() - begin;
        perTarget.push({ target, points: got });
        show(i + 1);
      }, COLLECT_MS));
    }, { once: true });
    if (source.kind === 'simulated') timers.push(setTimeout(() => dot.click(), 300));
    else dot.focus({ preventScroll: true });
  };
  show(0);
  return () => { stopped = true; for (const t of timers) clearTimeout(t); };
}
