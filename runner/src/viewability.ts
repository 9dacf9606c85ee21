// Viewability (issue 22 item 3): how much of each stim is on screen, measured in the page with
// IntersectionObserver, and counted only while the page is visible (Page Visibility) and has the
// focus; a video's intervals carry whether it was playing (only playing time counts, the
// analytics reads `playing`). Times are the step clock's: the same clock as the gaze samples.

export interface ViewInterval {
  start_ms: number;
  end_ms: number;
  fraction: number;
  playing?: boolean;
}

/** One stim's intervals: a new one starts whenever what counts changes. Pure (no DOM). */
export class IntervalRecorder {
  readonly intervals: ViewInterval[] = [];
  private open: { start: number; fraction: number; playing?: boolean } | null = null;

  /** The stim's state from `now`: the visible fraction counted (0 when hidden or unfocused) and, for video, playing. */
  update(now: number, fraction: number, playing?: boolean): void {
    const f = Math.round(Math.max(0, Math.min(1, fraction)) * 1000) / 1000;
    if (this.open && this.open.fraction === f && this.open.playing === playing) return;
    this.close(now);
    if (f > 0) this.open = { start: now, fraction: f, ...(playing === undefined ? {} : { playing }) };
  }

  /** Ends the open interval at `now` (the step's end). Empty intervals are dropped. */
  close(now: number): void {
    const o = this.open;
    this.open = null;
    if (!o || now <= o.start) return;
    this.intervals.push({ start_ms: Math.round(o.start), end_ms: Math.round(now), fraction: o.fraction, ...(o.playing === undefined ? {} : { playing: o.playing }) });
  }
}

interface Target {
  el: Element;
  video: HTMLVideoElement | null;
  ratio: number;
  recorder: IntervalRecorder;
}

/** Watches the stims of one step; `finish()` closes every interval at the step's end. */
export class ViewabilityTracker {
  private readonly targets = new Map<number, Target>();
  private readonly io: IntersectionObserver | null;
  private readonly off: (() => void)[] = [];

  constructor(private readonly clock: () => number, private readonly doc: Document = document) {
    const thresholds = Array.from({ length: 21 }, (_, i) => i / 20);
    this.io = typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver((entries) => {
      for (const e of entries) {
        for (const t of this.targets.values()) if (t.el === e.target) t.ratio = e.isIntersecting ? e.intersectionRatio : 0;
      }
      this.refresh();
    }, { threshold: thresholds });
    const on = (target: EventTarget, type: string) => {
      const fn = () => this.refresh();
      target.addEventListener(type, fn);
      this.off.push(() => target.removeEventListener(type, fn));
    };
    on(doc, 'visibilitychange');
    const win = doc.defaultView;
    if (win) { on(win, 'focus'); on(win, 'blur'); }
  }

  /** The page counts only while it is visible and focused. */
  private counting(): boolean {
    return this.doc.visibilityState === 'visible' && this.doc.hasFocus();
  }

  private refresh(): void {
    const now = this.clock();
    const counting = this.counting();
    for (const t of this.targets.values()) {
      const playing = t.video ? !t.video.paused && !t.video.ended && t.video.readyState > 2 : undefined;
      t.recorder.update(now, counting ? t.ratio : 0, playing);
    }
  }

  observe(stimId: number, el: Element, video: HTMLVideoElement | null = null): void {
    this.targets.set(stimId, { el, video, ratio: 0, recorder: new IntervalRecorder() });
    this.io?.observe(el);
    if (video) for (const type of ['play', 'playing', 'pause', 'ended', 'waiting']) {
      const fn = () => this.refresh();
      video.addEventListener(type, fn);
      this.off.push(() => video.removeEventListener(type, fn));
    }
  }

  /** Closes every interval at `now` and stops watching; answers the intervals per stim. */
  finish(): Map<number, ViewInterval[]> {
    const now = this.clock();
    this.io?.disconnect();
    for (const f of this.off.splice(0)) f();
    const out = new Map<number, ViewInterval[]>();
    for (const [id, t] of this.targets) {
      t.recorder.close(now);
      out.set(id, t.recorder.intervals);
    }
    return out;
  }
}
