// Gaze sources behind one interface (issue 22 item 2): the mouse (the cursor is taken as the gaze
// and the session is labelled 'mouse') and a simulated source for automated run-throughs (it
// looks at whatever the runner aims it at, with a small deterministic jitter), and the webcam
// (runner/src/webcam/, an optional chunk imported only by loadWebcamSource: Human's face mesh and
// iris mapped to the screen by a regression fitted on the calibration targets).
import type { GazeSource, Point, Rect } from './source';

/**
 * How long the last position of a lifted finger (or a pen that left the screen) stays the gaze
 * point. A touch screen has no hover: the only moments the runner knows where a phone user looks
 * are their taps and drags, and after a tap the eyes are still on what was tapped for about the time
 * a glance takes. Two seconds covers the calibration's 500 ms collection after each tap with room
 * for a slow device's timers, and is short enough that a respondent who stops touching is not given
 * minutes of made-up gaze on one spot: after it the gaze is unknown (no samples) until the next touch.
 */
export const TOUCH_HOLD_MS = 2000;

/**
 * The pointer as the gaze, for every pointer type (sessions stored as `gaze_source = 'mouse'`). A
 * mouse's position is the gaze until the cursor leaves the page. A touch or a pen gives the gaze
 * where it presses, drags or (a pen) hovers, and keeps its last position for TOUCH_HOLD_MS once
 * lifted: a touch pointer fires `pointerleave` right after every tap, which must not erase the tap.
 * Touch events are read as well, because a drag that scrolls the page cancels its pointer
 * (`pointercancel`) while its `touchmove`s go on.
 */
export class MouseSource implements GazeSource {
  readonly kind = 'mouse';
  private point: Point | null = null;
  /** When the point stops being the gaze (performance.now() ms); Infinity while a mouse is over the page or a finger is down. */
  private until = Infinity;
  private touched: boolean;
  private readonly move = (e: PointerEvent) => {
    if (this.isMouse(e)) { this.at(e.clientX, e.clientY, Infinity); return; }
    this.touched = true;
    this.at(e.clientX, e.clientY, Infinity);
  };
  private readonly lift = (e: PointerEvent) => {
    if (this.isMouse(e)) {
      // The mouse left the page: where it is now is not known.
      if (e.type === 'pointerleave') this.point = null;
      return;
    }
    this.hold();
  };
  private readonly touch = (e: TouchEvent) => {
    const t = e.touches[0];
    this.touched = true;
    if (t) this.at(t.clientX, t.clientY, Infinity);
    else this.hold();
  };
  private readonly pointerEvents = ['pointermove', 'pointerdown'] as const;
  private readonly liftEvents = ['pointerup', 'pointercancel'] as const;
  private readonly touchEvents = ['touchstart', 'touchmove', 'touchend', 'touchcancel'] as const;

  constructor(private readonly win: Window = window, private readonly now: () => number = () => performance.now()) {
    // A phone or tablet (no fine pointer at all) is labelled as touch from the first screen.
    this.touched = !!win.matchMedia?.('(pointer: coarse)').matches && !win.matchMedia?.('(any-pointer: fine)').matches;
  }
  /** Shown in the runner's bar: what is taken as the gaze on this device. */
  get label(): string {
    return this.touched ? 'Touch as gaze' : 'Mouse cursor as gaze';
  }
  /** jsdom and old browsers have no pointerType: a mouse. */
  private isMouse(e: PointerEvent): boolean {
    return !e.pointerType || e.pointerType === 'mouse';
  }
  private at(x: number, y: number, until: number): void {
    this.point = { x, y };
    this.until = until;
  }
  private hold(): void {
    if (this.point && this.until === Infinity) this.until = this.now() + TOUCH_HOLD_MS;
  }
  start(): void {
    for (const t of this.pointerEvents) this.win.addEventListener(t, this.move, { passive: true });
    for (const t of this.liftEvents) this.win.addEventListener(t, this.lift, { passive: true });
    for (const t of this.touchEvents) this.win.addEventListener(t, this.touch, { passive: true });
    this.win.document.documentElement.addEventListener('pointerleave', this.lift);
  }
  stop(): void {
    for (const t of this.pointerEvents) this.win.removeEventListener(t, this.move);
    for (const t of this.liftEvents) this.win.removeEventListener(t, this.lift);
    for (const t of this.touchEvents) this.win.removeEventListener(t, this.touch);
    this.win.document.documentElement.removeEventListener('pointerleave', this.lift);
  }
  current(): Point | null {
    if (!this.point || this.now() > this.until) return null;
    return this.point;
  }
  aim(): void {}
}

export class SimulatedSource implements GazeSource {
  readonly kind = 'simulated';
  readonly label = 'Simulated gaze (automated run)';
  private target: Rect | null = null;
  private seed: number;

  constructor(private readonly win: Window = window, seed = 22) {
    this.seed = seed;
  }
  start(): void {}
  stop(): void {}
  /** A small linear congruential generator: the same run gives the same samples. */
  private next(): number {
    this.seed = (this.seed * 1103515245 + 12345) % 2147483648;
    return this.seed / 2147483648;
  }
  current(): Point | null {
    const t = this.target ?? { x: 0, y: 0, width: this.win.innerWidth, height: this.win.innerHeight };
    return { x: t.x + t.width * (0.3 + 0.4 * this.next()), y: t.y + t.height * (0.3 + 0.4 * this.next()) };
  }
  aim(target: Rect | null): void {
    this.target = target;
  }
}

export function gazeSource(kind: string | null, win: Window = window): GazeSource {
  return kind === 'simulated' ? new SimulatedSource(win) : new MouseSource(win);
}

/**
 * The webcam source, loaded on demand: this dynamic import is the only way to the webcam chunk
 * (runner/src/webcam/ and @vladmandic/human), so sessions on the mouse or the simulated source
 * never download it. The camera is not started here (start() does, and may fail).
 */
export async function loadWebcamSource(win: Window = window): Promise<GazeSource> {
  const { WebcamSource } = await import('./webcam/index');
  return new WebcamSource(win);
}

/** Samples of one step, [t_ms, page x, page y], at a steady rate on the step clock. */
export class Sampler {
  readonly samples: [number, number, number][] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly source: GazeSource, private readonly clock: () => number, private readonly win: Window = window, private readonly hz = 30) {}

  start(): void {
    this.timer = setInterval(() => this.take(), 1000 / this.hz);
    this.take();
  }
  /** One sample now, if the page is visible and the source knows where the gaze is. */
  take(): void {
    if (this.win.document.visibilityState !== 'visible') return;
    const p = this.source.current();
    if (!p) return;
    const t = Math.round(this.clock());
    const last = this.samples[this.samples.length - 1];
    // The ingestion allows at most 120 Hz over the dwell: never two samples in one ms.
    if (last && t <= last[0]) return;
    this.samples.push([t, Math.round(p.x + this.win.scrollX), Math.round(p.y + this.win.scrollY)]);
  }
  stop(): [number, number, number][] {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.samples;
  }
}
