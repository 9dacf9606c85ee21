// What every gaze source is (mouse, simulated, webcam), apart from the sources themselves: the
// calibration and the webcam chunk name these types without importing gaze.ts, which loads the
// webcam chunk (no import cycle: calibration ↔ gaze ↔ webcam, issue 40 item 7).
import type { CalibrationData } from '../../shared/gaze-quality';

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
  /**
   * Webcam only: when the camera last saw a face (performance.now() ms; null: not since it
   * started). The calibration pauses while no face is seen (webcam/presence.ts).
   */
  faceSeenAt?(): number | null;
  /** Webcam only: the camera's picture, shown while the respondent brings their face into view. */
  preview?(): MediaStream | null;
}
