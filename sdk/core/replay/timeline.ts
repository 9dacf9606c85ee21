// The replay clock and what it shows at a time, as pure functions (unit-tested): the element keeps
// only the clock's state; every frame asks these what to draw. Times are the exposure's page
// clock in ms (0 … page dwell), coordinates stim pixels, as the API answers them.
import type { ReplayFixation, ReplayInterval } from '../api/replay';

/** Playback speeds offered, slowest first. */
export const REPLAY_SPEEDS = [0.25, 0.5, 1, 2, 4] as const;
/** Arrow keys move the clock this far; with Shift ten times as far. */
export const SCRUB_STEP_MS = 100;
/** The raw-sample trail: samples of the last this many ms are drawn behind the clock. */
export const TRAIL_MS = 1000;

export interface ClockState {
  t: number;
  playing: boolean;
  speed: number;
}

export const clamp = (t: number, duration: number) => Math.min(Math.max(0, Number.isFinite(t) ? t : 0), Math.max(0, duration));

/** The clock after `elapsedMs` of wall time: it stops (and stays) at the end. */
export function advance(state: ClockState, elapsedMs: number, duration: number): ClockState {
  if (!state.playing) return state;
  const t = clamp(state.t + Math.max(0, elapsedMs) * state.speed, duration);
  return { ...state, t, playing: t < duration };
}

/** Play from the start again when play is pressed at the end. */
export function togglePlay(state: ClockState, duration: number): ClockState {
  if (state.playing) return { ...state, playing: false };
  return { ...state, playing: duration > 0, t: state.t >= duration ? 0 : state.t };
}

/** Index of the last item whose start is ≤ t (items sorted by start), −1 when none. */
function lastStartedAt<T>(items: readonly T[], t: number, start: (x: T) => number): number {
  let lo = 0, hi = items.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (start(items[mid]) <= t) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found;
}

/** The fixation under way at t (start ≤ t < start + duration), −1 between fixations. */
export function fixationAt(fixations: readonly ReplayFixation[], t: number): number {
  const i = lastStartedAt(fixations, t, (f) => f.start_ms);
  return i >= 0 && t < fixations[i].start_ms + fixations[i].duration_ms ? i : -1;
}

/** How many fixations have started by t (they are drawn, the earlier ones faded). */
export const fixationsStarted = (fixations: readonly ReplayFixation[], t: number) => lastStartedAt(fixations, t, (f) => f.start_ms) + 1;

/** The raw samples [t, x, y] of the trail window (t − TRAIL_MS, t]. */
export function trail(samples: readonly (readonly [number, number, number])[], t: number, windowMs = TRAIL_MS) {
  const end = lastStartedAt(samples, t, (s) => s[0]) + 1;
  let begin = end;
  while (begin > 0 && samples[begin - 1][0] > t - windowMs) begin--;
  return samples.slice(begin, end);
}

/** Whether the stim was viewable (in view by its rule's share) at t. */
export const viewableAt = (intervals: readonly ReplayInterval[], t: number) => intervals.some((i) => i.start_ms <= t && t < i.end_ms);

/**
 * Where a video stim's own clock stood at page time t: the playing time before t (intervals not
 * marked playing: false). Without any interval the video is taken to have played from page load.
 */
export function videoTime(intervals: readonly ReplayInterval[], t: number): number {
  if (!intervals.length) return Math.max(0, t);
  let ms = 0;
  for (const i of intervals) {
    if (i.playing === false || i.start_ms >= t) continue;
    ms += Math.min(t, i.end_ms) - i.start_ms;
  }
  return Math.max(0, ms);
}

/** `1.2 s` */
export const formatClock = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;

/** The screen's frame clock; tests put a manual one in its place. */
export interface FrameSource {
  request(cb: (now: number) => void): number;
  cancel(id: number): void;
  now(): number;
}

const browserFrames: FrameSource = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
  now: () => performance.now(),
};
let frames: FrameSource = browserFrames;

export const replayFrames = (): FrameSource => frames;
/** Tests: a frame source driven by hand; no argument restores the browser's. */
export function setReplayFrames(source?: FrameSource): void {
  frames = source ?? browserFrames;
}
