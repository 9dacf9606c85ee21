// The report timers (visual time-out 3 s, section error 6 s) go through this one seam so tests
// drive them with a manual clock instead of waiting on the wall clock.
export type StartTimer = (fn: () => void, ms: number) => () => void;

const realTimer: StartTimer = (fn, ms) => {
  const id = window.setTimeout(fn, ms);
  return () => window.clearTimeout(id);
};

let current: StartTimer = realTimer;

export const startTimer: StartTimer = (fn, ms) => current(fn, ms);

/** Tests: replace the timer; call without an argument to restore the real one. */
export function setReportTimer(next?: StartTimer): void {
  current = next ?? realTimer;
}

/** A manual clock for tests: timers run only when `fire(ms)` is called for their duration. */
export function manualClock() {
  const pending: { fn: () => void; ms: number; live: boolean }[] = [];
  const start: StartTimer = (fn, ms) => {
    const t = { fn, ms, live: true };
    pending.push(t);
    return () => { t.live = false; };
  };
  return {
    start,
    /** Durations of the timers still waiting. */
    waiting: () => pending.filter((t) => t.live).map((t) => t.ms),
    /** Runs every live timer of that duration. */
    fire(ms: number) {
      for (const t of pending) if (t.live && t.ms === ms) { t.live = false; t.fn(); }
    },
  };
}

// ---- image loading ------------------------------------------------------------------------------

export type Preload = (src: string) => Promise<void>;

const realPreload: Preload = (src) =>
  new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve();
    img.onerror = () => reject(new Error(`Could not load ${src}`));
    img.src = src;
  });

let preloader: Preload = realPreload;

export const preloadImage: Preload = (src) => preloader(src);

/** Tests: decide when (and whether) an image loads; call without an argument to restore. */
export function setImagePreload(next?: Preload): void {
  preloader = next ?? realPreload;
}
