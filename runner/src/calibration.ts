// A simple 9-point calibration (issue 22 items 1 and 4): nine targets in a 3 × 3 grid; the
// respondent looks at each and clicks it (Enter or Space also work). For half a second after each
// click the gaze source's points are collected with their times. The runner measures nothing
// itself: it records the raw calibration (the area, each dot, its collection window and points)
// and the server computes accuracy, precision and frame rate from it and checks it is plausible
// (server/domain/gaze-quality.ts, shared: the grid and timings come from there). The simulated
// source is aimed at each target and clicks it itself.
import type { GazeSource, Point } from './gaze';
import {
  CALIBRATION_COLLECT_MS, CALIBRATION_HZ, gridTargets, type Area, type CalibrationData, type CalibrationTarget,
} from '../../server/domain/gaze-quality';

export type { CalibrationData };

const round1 = (v: number) => Math.round(v * 10) / 10;
const areaOf = (r: DOMRect): Area => ({ x: round1(r.left), y: round1(r.top), width: round1(r.width), height: round1(r.height) });

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

  const show = (i: number) => {
    if (stopped) return;
    if (i >= fractions.length) {
      onDone({ area: areaOf(stage.getBoundingClientRect()), targets });
      return;
    }
    note.textContent = `Calibration: look at the dot and click it (${i + 1} of ${fractions.length}).`;
    stage.querySelector('.gb-dot')?.remove();
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
      dot.disabled = true;
      const target: Point = { x: round1(r().left + r().width / 2), y: round1(r().top + r().height / 2) };
      const samples: [number, number, number][] = [];
      const start_ms = clock();
      const tick = setInterval(() => {
        const p = source.current();
        const t = clock();
        if (p && (!samples.length || t > samples[samples.length - 1][0])) samples.push([t, round1(p.x), round1(p.y)]);
      }, 1000 / CALIBRATION_HZ);
      timers.push(setTimeout(() => {
        clearInterval(tick);
        targets.push({ target, start_ms, end_ms: clock(), samples });
        show(i + 1);
      }, CALIBRATION_COLLECT_MS));
    }, { once: true });
    if (source.kind === 'simulated') timers.push(setTimeout(() => dot.click(), 300));
    else dot.focus({ preventScroll: true });
  };
  show(0);
  return () => { stopped = true; for (const t of timers) clearTimeout(t); };
}
