// Gaze sources behind one interface (issue 22 item 2): the mouse (the cursor is taken as the gaze
// and the session is labelled 'mouse') and a simulated source for automated run-throughs (it
// looks at whatever the runner aims it at, with a small deterministic jitter), and the webcam
// (runner/src/webcam/, an optional chunk imported only by loadWebcamSource: Human's face mesh and
// iris mapped to the screen by a regression fitted on the calibration targets).
import type { CalibrationData } from './calibration';

export interface Point {
  x: number;
  y: number;
}
export interface Rect extends Point {
  width: number;
  height: number;
}

export interface GazeSource {
  readonly kind: 'mouse' | 'simulated' | 'webcam';
  /** Shown to the respondent and stored with the session. */
  readonly label: string;
  /** The webcam's is asynchronous and may fail (CameraUnavailable, with the reason). */
  start(): void | Promise<void>;
  stop(): void;
  /** Where the respondent looks now, viewport (client) px; null when unknown. */
  current(): Point | null;
  /** Simulated only: what to look at next (viewport px); null: the middle of the screen. */
  aim(target: Rect | null): void;
  /** Webcam only: a calibration begins (the frames read at each target train the mapping). */
  beginCalibration?(): void;
  /**
   * Webcam only: fits the mapping on the calibration's frames and answers the calibration's raw
   * data with each point re-read through the fitted mapping (the server measures those); null:
   * too little gathered (the old mapping stays).
   */
  endCalibration?(data: CalibrationData): CalibrationData | null;
  /** Webcam only: whether the camera runs now (Start / Stop camera commands). */
  readonly active?: boolean;
}

export class MouseSource implements GazeSource {
  readonly kind = 'mouse';
  readonly label = 'Mouse cursor as gaze';
  private point: Point | null = null;
  private readonly move = (e: PointerEvent) => { this.point = { x: e.clientX, y: e.clientY }; };
  private readonly leave = () => { this.point = null; };

  constructor(private readonly win: Window = window) {}
  start(): void {
    this.win.addEventListener('pointermove', this.move, { passive: true });
    this.win.addEventListener('pointerdown', this.move, { passive: true });
    this.win.document.documentElement.addEventListener('pointerleave', this.leave);
  }
  stop(): void {
    this.win.removeEventListener('pointermove', this.move);
    this.win.removeEventListener('pointerdown', this.move);
    this.win.document.documentElement.removeEventListener('pointerleave', this.leave);
  }
  current(): Point | null {
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
