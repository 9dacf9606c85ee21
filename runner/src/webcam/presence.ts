// Whether the webcam sees the respondent's face, as the calibration needs to know it (issue 35
// item 6). Pure (no Human, no DOM): the main bundle imports it, the unit tests drive it with their
// own clock. The calibration polls update() with the time of the camera's latest face frame and
// shows its dots only while the state is 'seen'; anything else pauses it with a message.
//
//   checking --(a face for steadyMs)--> seen --(no face frame for staleMs)--> lost
//   checking --(no steady face within firstLookMs)--> lost
//   lost --(a face for steadyMs)--> seen;  any --reset()--> checking (the respondent's "Try again")

export type FaceState = 'checking' | 'seen' | 'lost';

export const FACE_TIMING = {
  /**
   * No face frame for this long: the face is not seen. Human reads a face every 30-200 ms on the
   * devices we target; 600 ms rides over a blink or one missed frame without flickering.
   */
  staleMs: 600,
  /** A face must be seen this long without a break before dots are shown (one stray detection is no face). */
  steadyMs: 500,
  /** At the start (and after Try again) the camera gets this long to find a face before the respondent is told none is seen. */
  firstLookMs: 3000,
} as const;

export class FacePresence {
  private state: FaceState = 'checking';
  private since: number;
  private steadyFrom: number | null = null;

  constructor(now: number, private readonly timing: { staleMs: number; steadyMs: number; firstLookMs: number } = FACE_TIMING) {
    this.since = now;
  }

  get current(): FaceState {
    return this.state;
  }

  /** Looks again from now: the respondent says they fixed it (the first look's grace applies again). */
  reset(now: number): void {
    this.state = 'checking';
    this.since = now;
    this.steadyFrom = null;
  }

  /** The state at `now`, given when the camera last saw a face (null: never, or the camera is off). */
  update(now: number, lastFaceAt: number | null): FaceState {
    const fresh = lastFaceAt !== null && now - lastFaceAt <= this.timing.staleMs;
    if (!fresh) this.steadyFrom = null;
    else if (this.steadyFrom === null) this.steadyFrom = now;
    const steady = this.steadyFrom !== null && now - this.steadyFrom >= this.timing.steadyMs;
    if (this.state === 'seen') {
      if (!fresh) this.state = 'lost';
    } else if (steady) {
      this.state = 'seen';
    } else if (this.state === 'checking' && now - this.since >= this.timing.firstLookMs) {
      this.state = 'lost';
    }
    return this.state;
  }
}
