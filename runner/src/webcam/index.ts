// The webcam gaze source (issue 22 item 2): an optional adapter, imported only when a session asks
// for the webcam (main.ts `import('./webcam/index')`), so it and @vladmandic/human (MIT, with
// TensorFlow.js inside, about 2 MB) are a separate chunk and never part of runner.js.
// Human's face detector, face mesh and iris models are served by this server
// (GET /take/models/{version}/{file}, server/routes/take-models): modelBasePath points there,
// the backend is WebGL (no wasm files to fetch), model caching in IndexedDB is off and every other
// model is disabled, so nothing is fetched from any other host.
// The camera is asked for first: without one (or without permission) start() throws
// CameraUnavailable with the reason before any model is downloaded.
import { Human } from '@vladmandic/human';
import type { GazeSource, Point, Rect } from '../source';
import { eyeFeatures, fitGaze, predictGaze, type Features, type GazeModel } from './regression';
import type { CalibrationData } from '../../../shared/gaze-quality';
import { CameraUnavailable, cameraReason, HUMAN_VERSION, humanConfig } from './config';

export { CameraUnavailable } from './config';

/** A frame with no face for this long: the gaze is unknown (null). */
const STALE_MS = 250;

export class WebcamSource implements GazeSource {
  readonly kind = 'webcam';
  readonly label = 'Webcam eye tracking';
  private human: Human | null = null;
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private running = false;
  private latest: { f: Features; at: number } | null = null;
  private model: GazeModel | null = null;
  private frames: number[] = [];
  private calibrating: { target: Point | null; samples: { f: Features; x: number; y: number; t: Point }[] } | null = null;

  constructor(private readonly win: Window = window) {}

  get active(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const media = this.win.navigator.mediaDevices;
    if (!this.win.isSecureContext || !media?.getUserMedia) throw new CameraUnavailable(cameraReason(null, this.win.isSecureContext));
    try {
      this.stream = await media.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
    } catch (err) {
      throw new CameraUnavailable(cameraReason(err));
    }
    try {
      if (!this.human) {
        this.human = new Human(humanConfig(HUMAN_VERSION));
        await this.human.load();
      }
    } catch (err) {
      this.stopTracks();
      throw new CameraUnavailable(`the face tracking could not be loaded (${(err as Error)?.message || String(err)})`);
    }
    const video = this.win.document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = this.stream;
    await video.play().catch(() => undefined);
    this.video = video;
    this.running = true;
    void this.loop();
  }

  private async loop(): Promise<void> {
    while (this.running && this.human && this.video) {
      const r = await this.human.detect(this.video).catch(() => null);
      const face = r?.face?.[0];
      const f = face?.mesh && face.rotation ? eyeFeatures(face.mesh, face.rotation.angle) : null;
      if (f) {
        const now = performance.now();
        this.latest = { f, at: now };
        this.frames.push(now);
        while (this.frames.length && this.frames[0] < now - 2000) this.frames.shift();
      }
      await new Promise((res) => this.win.requestAnimationFrame(() => res(null)));
    }
  }

  private stopTracks(): void {
    for (const t of this.stream?.getTracks() ?? []) t.stop();
    this.stream = null;
  }

  stop(): void {
    this.running = false;
    this.stopTracks();
    if (this.video) this.video.srcObject = null;
    this.video = null;
    this.latest = null;
  }

  faceSeenAt(): number | null {
    return this.running ? this.latest?.at ?? null : null;
  }

  preview(): MediaStream | null {
    return this.running ? this.stream : null;
  }

  /** Face frames per second over the last two seconds. */
  frameRate(): number {
    if (this.frames.length < 2) return 0;
    const span = this.frames[this.frames.length - 1] - this.frames[0];
    return span > 0 ? Math.min(120, Math.round(((this.frames.length - 1) * 1000) / span)) : 0;
  }

  current(): Point | null {
    const l = this.latest;
    if (!l || performance.now() - l.at > STALE_MS) return null;
    if (this.calibrating) {
      const t = this.calibrating.target;
      // Only the frames gathered after a click (the calibration reads us then) train the mapping.
      if (t) this.calibrating.samples.push({ f: l.f, x: t.x, y: t.y, t });
    }
    return this.model ? predictGaze(this.model, l.f) : this.calibrating?.target ?? null;
  }

  aim(target: Rect | null): void {
    if (this.calibrating) this.calibrating.target = target ? { x: target.x + target.width / 2, y: target.y + target.height / 2 } : null;
  }

  /** Calibration begins: the frames read while a target is shown are kept for the fit. */
  beginCalibration(): void {
    this.calibrating = { target: null, samples: [] };
  }

  /**
   * Calibration ends: fits the mapping on what was gathered and answers the calibration's raw
   * data with every point re-read through the fitted mapping: the calibration read one frame per
   * point it kept, in order, so a target's last n frames are its n points (the server measures
   * accuracy and precision on them; a later Validation step measures on fresh frames). Null when
   * too little was gathered (the old mapping stays).
   */
  endCalibration(data: CalibrationData): CalibrationData | null {
    const c = this.calibrating;
    this.calibrating = null;
    const model = c ? fitGaze(c.samples) : null;
    if (!c || !model) return null;
    this.model = model;
    const round1 = (v: number) => Math.round(v * 10) / 10;
    const framesAt = (p: Point) => c.samples.filter((s) => round1(s.t.x) === p.x && round1(s.t.y) === p.y);
    return {
      area: data.area,
      targets: data.targets.map((target) => {
        const frames = framesAt(target.target).slice(-target.samples.length);
        const offset = target.samples.length - frames.length;
        return {
          ...target,
          samples: target.samples.slice(offset).map(([t], i) => {
            const p = predictGaze(model, frames[i].f);
            return [t, round1(p.x), round1(p.y)] as [number, number, number];
          }),
        };
      }),
    };
  }
}
