// A raw calibration as the runner records it (shared/gaze-quality.ts), with exact measures:
// every target's points sit `offset` px right of the dot (accuracy), alternating ±`spread` px
// (precision), `hz` points a second over each 500 ms window (frame rate).
import { gridTargets, type CalibrationData } from '../../../shared/gaze-quality.js';

export function rawCalibration(opts: { offset?: number; spread?: number; hz?: number } = {}): CalibrationData {
  const { offset = 12, spread = 4, hz = 30 } = opts;
  const area = { x: 0, y: 40, width: 1280, height: 680 };
  const n = Math.round(hz * 0.5) + 1;
  return {
    area,
    targets: gridTargets(area).map((target, i) => {
      const start = i * 700 + 200;
      const samples = Array.from({ length: n }, (_, k): [number, number, number] =>
        [Math.round((start + (k * 500) / (n - 1)) * 10) / 10, target.x + offset + (k % 2 ? spread : -spread), target.y]);
      return { target, start_ms: start, end_ms: start + 500, samples };
    }),
  };
}
