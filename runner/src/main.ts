// The respondent runner (issue 22): started by the page a signed take-study link opens
// (server/routes/take). It asks the server for the session (POST /v1.0/take/{id}/start), plays
// the cell's steps in order with their timings and next buttons, records gaze samples and
// viewability on each step's clock, and delivers the session (POST /v1.0/take/{id}/session)
// through the retry buffer, then follows the panel's redirect. Progress is kept in
// sessionStorage, so a reload or a trip to an External step resumes where the respondent was.
import type { ConsentResponse, DeliverResponse, QualityResponse, QualityStage, StartResponse, TakeStep, TakeStim } from '../../contract/take';
import { CAMERA_EXPLAINED, consentScreen, DECLINED_TEXT, DECLINED_TITLE } from './consent';
import { runCalibration, type CalibrationData } from './calibration';
import { DeliveryBuffer, DeliveryRefused } from './delivery';
import { commandAction, cameraNote } from './commands';
import { gazeSource, loadWebcamSource, MouseSource, Sampler } from './gaze';
import type { GazeSource } from './source';
import { measureConnection } from './speed';
import { CSS } from './style';
import { ViewabilityTracker, type ViewInterval } from './viewability';

export const TEST_BANNER = 'Test session: what you do here is stored as a test and never counted in the reports.';

interface SessionStim { stim_id: number; x: number; y: number; width: number; height: number; viewability: ViewInterval[] }
interface Answer { question_id: number; answer_option_id?: number; text?: string }
interface StepResult { step_id: number; page_dwell_ms: number; stims: SessionStim[]; gaze?: [number, number, number][]; answers?: Answer[] }
/** fallback: the link asked for the webcam, the camera was unavailable and the respondent chose the mouse. */
/** consented: the respondent agreed and start.token is the token carrying it (issue 41). */
interface Progress { start: StartResponse; index: number; results: StepResult[]; calibration: CalibrationData | null; connection?: number | null; fallback?: 'mouse'; consented?: boolean }
type Failure = QualityResponse['failures'][number];

export const SCREENOUT_TITLE = 'Thank you for your time';
export const SCREENOUT_TEXT = 'The measurement on this device did not meet what this study needs, so it ends here.';
export const SCREENOUT_TEST = 'Test session: this respondent failed the quality check and is stored as a screen-out test session.';
export const CAMERA_TITLE = 'The camera is unavailable';
/** Why the respondent cannot take (or finish) the study: the title; the server words the text (contract/take.ts). */
export const STATE_TITLES: Record<string, string> = {
  quota_full: 'This study is full',
  closed: 'This study is closed',
  paused: 'This study is paused',
  duplicate: 'You have taken part already',
};
export const CAMERA_MOUSE = 'You can continue with your mouse instead: move the cursor to where you look. Your session is then stored as mouse data, not eye tracking.';

const studyId = Number(/^\/take\/(\d+)/.exec(location.pathname)?.[1] ?? 0);
const params = new URLSearchParams(location.search);
const storageKey = `gb-take:${location.pathname}${location.search}`;
const store: Storage | null = (() => { try { return window.sessionStorage; } catch { return null; } })();
const root = document.getElementById('gb-runner') ?? document.body;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

function message(title: string, text: string): void {
  root.replaceChildren(el('div', { className: 'gb-message' }, el('h1', { textContent: title }), el('p', { textContent: text })));
}

async function post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

function save(p: Progress): void {
  try { store?.setItem(storageKey, JSON.stringify(p)); } catch { /* private mode: no resume, the run still works */ }
}

/** The bar on every screen: the test notice and which gaze source is in use. */
function bar(start: StartResponse, source: GazeSource): HTMLElement {
  const b = el('div', { className: `gb-bar${start.is_test ? ' gb-test' : ''}` });
  if (start.is_test) b.append(el('span', { role: 'status', textContent: TEST_BANNER }));
  else b.append(el('span', { textContent: start.study_name }));
  b.append(el('span', { className: 'gb-gaze', textContent: `Gaze: ${source.label}` }));
  return b;
}

// ---- steps ------------------------------------------------------------------------------------------

interface Placed { stim: TakeStim; el: HTMLElement; video: HTMLVideoElement | null }

function stimElement(s: TakeStim, shield: boolean): Placed {
  const box = el('div', { className: 'gb-stim' });
  box.dataset.stimId = String(s.stim_id);
  let video: HTMLVideoElement | null = null;
  if (s.stim_type === 'i' && s.src) {
    box.append(el('img', { src: s.src, alt: s.name, ...(s.width ? { width: s.width } : {}), ...(s.height ? { height: s.height } : {}) }));
  } else if (s.stim_type === 'v' && s.src) {
    video = el('video', { src: s.src, controls: true, muted: true, autoplay: true, playsInline: true, ...(s.width ? { width: s.width } : {}) });
    video.setAttribute('aria-label', s.name);
    box.append(video);
  } else if (s.frame_src) {
    // Third-party markup: only from the files origin, in a sandbox without same-origin access.
    const f = el('iframe', { src: s.frame_src, title: s.name, referrerPolicy: 'no-referrer' });
    f.setAttribute('sandbox', 'allow-scripts');
    f.width = String(s.width ?? 300);
    f.height = String(s.stim_type === 's' ? (s.height ?? 250) : 400);
    box.append(f);
    // The cursor over a frame is invisible to this page: a transparent shield keeps it measurable.
    if (shield) box.append(el('div', { className: 'gb-shield' }));
  } else {
    box.append(el('p', { className: 'gb-status', textContent: 'This ad could not be shown.' }));
  }
  return { stim: s, el: box, video };
}

function pageRect(e: Element): { x: number; y: number; width: number; height: number } {
  const r = e.getBoundingClientRect();
  return { x: Math.round(r.left + scrollX), y: Math.round(r.top + scrollY), width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) };
}

interface StepView {
  content: HTMLElement;
  placed: Placed[];
  answers?: () => Answer[];
  /** Steps that end themselves (calibration, external). */
  own?: (done: () => void) => (() => void) | void;
  /** Embedded steps: the framed page, whose viewability is measured like a stim's. */
  frame?: HTMLElement;
}

function questionForm(step: TakeStep): { content: HTMLElement; answers: () => Answer[] } {
  const q = step.questions!;
  const form = el('form', { className: 'gb-questions' });
  form.addEventListener('submit', (e) => e.preventDefault());
  const readers: (() => Answer[])[] = [];
  q.items.forEach((item, i) => {
    const name = `q${item.question_id}`;
    const fs = el('fieldset', {}, el('legend', { textContent: `${i + 1}. ${item.text}` }));
    if (item.options.length && item.type !== 'open_text') {
      const multiple = item.type === 'multiple_choice';
      for (const o of item.options) {
        const input = el('input', { type: multiple ? 'checkbox' : 'radio', name, value: String(o.id), id: `${name}-${o.id}` });
        fs.append(el('div', { className: 'gb-option' }, input, el('label', { htmlFor: input.id, textContent: o.text })));
      }
      readers.push(() => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`)].map((x) => ({ question_id: item.question_id, answer_option_id: Number(x.value) })));
    } else {
      const ta = el('textarea', { name, id: name, maxLength: 10_000 });
      ta.setAttribute('aria-label', item.text);
      fs.append(ta);
      readers.push(() => (ta.value.trim() ? [{ question_id: item.question_id, text: ta.value.trim() }] : []));
    }
    form.append(fs);
  });
  return {
    content: el('section', {}, el('h1', { textContent: q.title }), ...(q.text ? [el('p', { className: 'gb-text', textContent: q.text })] : []), form),
    answers: () => readers.flatMap((r) => r()),
  };
}

function stepView(step: TakeStep, source: GazeSource, progress: Progress): StepView {
  const shield = source.kind === 'mouse';
  switch (step.type) {
    case 'instruction':
      return { content: el('section', {}, el('h1', { textContent: step.instruction?.title || step.name }), el('p', { className: 'gb-text', textContent: step.instruction?.text ?? '' })), placed: [] };
    case 'stim': {
      const placed = step.stim ? [stimElement(step.stim, shield)] : [];
      return { content: el('section', { className: 'gb-stim-wrap' }, ...placed.map((p) => p.el)), placed };
    }
    case 'cache': {
      const page = step.page!;
      const wrap = el('div', { className: 'gb-page' });
      const bottom = Math.max(0, ...page.stims.map((s) => (s.y ?? 0) + (s.height ?? 250)));
      if (page.frame_src) {
        // Script-less snapshot from the files origin; tall enough that the page itself scrolls.
        const f = el('iframe', { src: page.frame_src, title: `Page: ${page.original_url}`, referrerPolicy: 'no-referrer' });
        f.setAttribute('sandbox', '');
        f.setAttribute('scrolling', 'no');
        f.height = String(Math.max(2400, bottom + 1200));
        wrap.append(f);
      } else {
        wrap.append(el('p', { className: 'gb-status', textContent: 'This page is not available yet.' }));
      }
      if (shield) wrap.append(el('div', { className: 'gb-shield' }));
      // The placed ads are shown by us over the snapshot, at their page position (above the shield,
      // so the cursor over them is measured like any stim).
      const placed = page.stims.map((s) => {
        const p = stimElement(s, shield);
        p.el.classList.add('gb-place');
        Object.assign(p.el.style, { left: `${s.x ?? 0}px`, top: `${s.y ?? 0}px` });
        wrap.append(p.el);
        return p;
      });
      return { content: wrap, placed };
    }
    case 'question':
      if (step.questions) { const f = questionForm(step); return { content: f.content, placed: [], answers: f.answers }; }
      return { content: el('section', {}, el('h1', { textContent: step.name })), placed: [] };
    case 'calibration':
    case 'validation':
      return { content: el('section'), placed: [], own: calibrate(source, progress, step.type === 'calibration') };
    case 'external': {
      const url = step.external?.url;
      const back = new URL(location.href);
      const out = url ? (() => { const u = new URL(url); u.searchParams.set('gb_return', back.toString()); return u.toString(); })() : null;
      return {
        content: el('section', {}, el('h1', { textContent: step.name || 'One more page' }),
          el('p', { className: 'gb-text', textContent: out ? 'The next part opens on another site. When it is done it brings you back here to finish.' : 'This part is not available.' })),
        placed: [],
        own: (done) => {
          const go = el('button', { type: 'button', className: 'gb-next', textContent: out ? 'Continue' : 'Next' });
          go.addEventListener('click', () => {
            done();
            // After the progress is saved (the loop saves as soon as this step resolves).
            if (out) setTimeout(() => location.assign(out), 50);
          });
          root.querySelector('.gb-next-row')?.replaceChildren(go);
        },
      };
    }
    case 'command':
      return commandView(step, source, progress);
    case 'embedded':
      return embeddedView(step, shield);
    default:
      return { content: el('section', {}, el('h1', { textContent: step.name }), el('p', { className: 'gb-status', textContent: 'This part is not available here: continue.' })), placed: [] };
  }
}

/**
 * A calibration (a Calibration step, or a Calibrate / Recalibrate command) or a validation. With
 * the webcam a calibration also fits the gaze mapping, and the raw points sent are its own frames
 * read through the fitted mapping; a validation only measures the mapping in place.
 */
function calibrate(source: GazeSource, progress: Progress, fit: boolean): StepView['own'] {
  return (done) => {
    if (fit) source.beginCalibration?.();
    return runCalibration(root.querySelector<HTMLElement>('.gb-step')!, source, (r) => {
      // The latest procedure is the one judged and stored (raw: the server measures it); a
      // validation measures the calibration it follows.
      progress.calibration = (fit ? source.endCalibration?.(r) : null) ?? r;
      done();
    });
  };
}

/** Command steps: (re)calibrate, start or stop the camera. */
function commandView(step: TakeStep, source: GazeSource, progress: Progress): StepView {
  const name = step.command?.name ?? step.name;
  const action = commandAction(name);
  const status = el('p', { className: 'gb-status', role: 'status' });
  const content = el('section', { className: 'gb-command' }, el('h1', { textContent: name }), status);
  content.dataset.command = action ?? 'unknown';
  if (action === 'calibrate') return { content, placed: [], own: calibrate(source, progress, true) };
  if (!action) {
    status.textContent = 'Nothing to do here: continue.';
    return { content, placed: [] };
  }
  if (source.kind !== 'webcam') {
    status.textContent = cameraNote(action, source);
    return { content, placed: [] };
  }
  if (action === 'stop_camera') {
    const was = source.active;
    source.stop();
    status.textContent = cameraNote(action, source, was ? 'off' : 'already_off');
    return { content, placed: [] };
  }
  if (source.active) {
    status.textContent = cameraNote(action, source, 'already_on');
    return { content, placed: [] };
  }
  status.textContent = 'Starting the camera…';
  return {
    content, placed: [],
    own: (done) => {
      let cancelled = false;
      void (async () => {
        try {
          await source.start();
          if (cancelled) return;
          status.textContent = cameraNote(action, source, 'on');
        } catch (err) {
          if (cancelled) return;
          // The session stays a webcam session: the steps after this one have no gaze until a
          // later Start camera works (missing samples, never made-up ones).
          content.setAttribute('role', 'alert');
          status.textContent = `${CAMERA_TITLE}: ${reasonOf(err)}. The next steps are recorded without gaze.`;
        }
        const next = el('button', { type: 'button', className: 'gb-next', textContent: 'Next' });
        next.addEventListener('click', () => done());
        root.querySelector('.gb-next-row')?.replaceChildren(next);
        next.focus({ preventScroll: true });
      })();
      return () => { cancelled = true; };
    },
  };
}

/**
 * Embedded steps: the third-party page, live, in a sandboxed frame — scripts may run, but never
 * with same-origin access (no allow-same-origin), no top navigation, no popups, no referrer (the
 * take link's signature stays here). Like a cache page it is framed tall so the runner page
 * scrolls, and with the mouse a shield keeps the cursor measurable. The frame's viewability is
 * measured on the step clock like a stim's (data-visible-ms on the step); the session format has
 * no place for a frame that is not a stim, so it is not delivered (runner/README.md).
 */
function embeddedView(step: TakeStep, shield: boolean): StepView {
  const url = step.embedded?.url ?? null;
  const wrap = el('div', { className: 'gb-page gb-embedded' });
  if (url) {
    const f = el('iframe', { src: url, title: step.name || 'Embedded page', referrerPolicy: 'no-referrer' });
    f.setAttribute('sandbox', 'allow-scripts allow-forms');
    f.setAttribute('scrolling', 'no');
    f.height = '2400';
    wrap.append(f);
    if (shield) wrap.append(el('div', { className: 'gb-shield' }));
  } else {
    wrap.append(el('p', { className: 'gb-status', textContent: 'This page is not available.' }));
  }
  return { content: wrap, placed: [], frame: url ? wrap : undefined };
}

function reasonOf(err: unknown): string {
  return (err as Error)?.message || 'the camera could not be started';
}

function playStep(step: TakeStep, source: GazeSource, progress: Progress): Promise<StepResult> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const clock = () => performance.now() - t0;
    const view = stepView(step, source, progress);
    const main = el('div', { className: 'gb-step' }, view.content);
    main.dataset.stepType = step.type;
    const row = el('div', { className: 'gb-next-row' });
    root.replaceChildren(bar(progress.start, source), main, row);
    window.scrollTo(0, 0);
    const tracker = new ViewabilityTracker(clock);
    for (const p of view.placed) tracker.observe(p.stim.stim_id, p.el, p.video);
    if (view.frame) tracker.observe(0, view.frame, null);
    const sampler = new Sampler(source, clock);
    if (view.placed[0]) requestAnimationFrame(() => { const r = view.placed[0].el.getBoundingClientRect(); source.aim({ x: r.left, y: r.top, width: r.width, height: r.height }); });
    else source.aim(null);
    sampler.start();
    const timers: ReturnType<typeof setTimeout>[] = [];
    let ended = false;
    let cancelOwn: (() => void) | void;
    const finish = () => {
      if (ended) return;
      ended = true;
      for (const t of timers) clearTimeout(t);
      if (cancelOwn) cancelOwn();
      const gaze = sampler.stop();
      const intervals = tracker.finish();
      const dwell = Math.max(1, Math.ceil(clock()));
      if (view.frame) main.dataset.visibleMs = String(Math.round((intervals.get(0) ?? []).reduce((s, v) => s + Math.min(v.end_ms, dwell) - v.start_ms, 0)));
      resolve({
        step_id: step.step_id,
        page_dwell_ms: dwell,
        stims: view.placed.map((p) => ({ stim_id: p.stim.stim_id, ...pageRect(p.el), viewability: (intervals.get(p.stim.stim_id) ?? []).filter((v) => v.end_ms <= dwell) })),
        ...(gaze.length ? { gaze: gaze.filter((g) => g[0] <= dwell) } : {}),
        ...(view.answers ? { answers: view.answers() } : {}),
      });
    };
    if (view.own) { cancelOwn = view.own(finish); return; }
    const show = step.seconds_before_show_next * 1000;
    const move = step.seconds_before_move_next * 1000;
    // 'No button' without an auto-advance time would strand the respondent: it shows a button.
    const buttonless = step.next_button === 'none' && move > 0;
    if (!buttonless) {
      // A cache page is as tall as the page it copies: its button floats, or it would be far below.
      const floating = step.next_button === 'floating' || step.type === 'cache' || step.type === 'embedded';
      const next = el('button', { type: 'button', className: `gb-next${floating ? ' gb-floating' : ''}`, textContent: 'Next', hidden: show > 0 });
      next.addEventListener('click', finish);
      row.append(next);
      if (show > 0) timers.push(setTimeout(() => { next.hidden = false; }, show));
    }
    if (move > 0) timers.push(setTimeout(finish, move));
  });
}

// ---- the run ------------------------------------------------------------------------------------------

/**
 * The respondent cannot take (or finish) the study: closed, paused, full, already completed. Says
 * so, and sends them back to the panel (its redirect carries the participant parameter) so no
 * respondent is stranded here; without a panel there is nowhere to go, and the page says so.
 */
function sendBack(state: string, text: string | null | undefined, redirect: string | null | undefined, start: StartResponse | null, source: GazeSource | null): void {
  try { store?.removeItem(storageKey); } catch { /* nothing to clear */ }
  const box = el('div', { className: 'gb-message', role: 'alert' }, el('h1', { textContent: STATE_TITLES[state] ?? 'This study cannot be taken' }),
    el('p', { textContent: text || 'Thank you for your interest.' }),
    el('p', { className: 'gb-status', textContent: redirect ? 'Taking you back…' : 'You can close this page.' }));
  box.dataset.state = state;
  root.replaceChildren(...(start && source ? [bar(start, source)] : []), box);
  if (redirect) setTimeout(() => location.replace(redirect), 1500);
}

async function deliver(buffer: DeliveryBuffer, body: unknown, start: StartResponse | null, source: GazeSource | null): Promise<void> {
  const status = el('p', { className: 'gb-status', role: 'status', textContent: 'Saving your answers…' });
  root.replaceChildren(...(start && source ? [bar(start, source)] : []), el('div', { className: 'gb-message' }, el('h1', { textContent: 'Thank you' }), status));
  try {
    const res = await buffer.deliver<DeliverResponse>(body);
    try { store?.removeItem(storageKey); } catch { /* nothing to clear */ }
    // The study stopped collecting since the start, or this reference had completed it before.
    if (res.status === 'closed' || res.status === 'paused' || res.status === 'duplicate') return sendBack(res.status, res.message, res.redirect_url, start, source);
    // The server judged the measures again and screened the respondent out.
    if (res.status === 'screenout' && start) return screenedOut(start, source, res.failures ?? [], res.redirect_url);
    status.textContent = res.redirect_url ? 'Your answers are saved. Taking you back…' : 'Your answers are saved. You can close this page.';
    if (res.redirect_url) setTimeout(() => location.replace(res.redirect_url!), 800);
  } catch (err) {
    status.textContent = err instanceof DeliveryRefused ? `Your answers could not be saved: ${err.message}` : 'Your answers could not be saved.';
  }
}

/** The quality gate's screen: why (every failed measure), then the panel's screen-out redirect. */
function screenedOut(start: StartResponse, source: GazeSource | null, failures: Failure[], redirect: string | null): void {
  const list = el('ul', { className: 'gb-failures' }, ...failures.map((f) => el('li', { textContent: f.message })));
  const box = el('div', { className: 'gb-message', role: 'alert' }, el('h1', { textContent: SCREENOUT_TITLE }),
    el('p', { textContent: start.is_test ? SCREENOUT_TEST : SCREENOUT_TEXT }), list,
    el('p', { className: 'gb-status', textContent: redirect ? 'Taking you back…' : 'You can close this page.' }));
  root.replaceChildren(...(source ? [bar(start, source)] : []), box);
  try { store?.removeItem(storageKey); } catch { /* nothing to clear */ }
  // A test link stays longer on the failure, so whoever checks the study can read it.
  if (redirect) setTimeout(() => location.replace(redirect), start.is_test ? 6000 : 2000);
}

/** Asks the server's verdict (retried until answered); false when the respondent is screened out (the server stored it). */
async function gate(progress: Progress, source: GazeSource, stage: QualityStage): Promise<boolean> {
  const c = progress.calibration;
  const buffer = new DeliveryBuffer({ storage: null, key: '', send: (b) => post(`/v1.0/take/${studyId}/quality`, b) });
  let res: QualityResponse;
  try {
    res = await buffer.deliver<QualityResponse>({
      token: progress.start.token, stage, gaze_source: source.kind,
      connection_speed_kbps: progress.connection ?? null,
      // The raw calibration: the server measures accuracy, precision and frame rate itself.
      ...(c && stage !== 'connection' ? { calibration: c } : {}),
      steps: progress.results,
    });
  } catch (err) {
    message('This study cannot continue', err instanceof DeliveryRefused ? err.message : 'Please try again later.');
    return false;
  }
  if (res.pass) return true;
  if (res.refused) sendBack(res.refused, res.message, res.redirect_url, progress.start, source);
  else screenedOut(progress.start, source, res.failures, res.redirect_url);
  return false;
}

/**
 * The webcam, when the link asks for it (`source=webcam`): the adapter chunk is loaded now (never
 * before), then the camera is started. Without a camera, or without permission, the respondent
 * is told so and why, and may try again or continue with the mouse (the session is then stored
 * as a mouse session, labelled as such, like any mouse session: docs/decisions.md).
 */
async function startWebcam(start: StartResponse): Promise<GazeSource> {
  for (;;) {
    message('Starting your camera…', `${CAMERA_EXPLAINED} Your browser may ask whether this page may use the camera.`);
    let reason: string;
    try {
      const cam = await loadWebcamSource();
      await cam.start();
      return cam;
    } catch (err) {
      // CameraUnavailable carries the reason; anything else is the chunk failing to load.
      reason = (err as Error)?.name === 'CameraUnavailable' ? reasonOf(err) : 'the eye tracking could not be loaded';
    }
    const retry = await new Promise<boolean>((resolve) => {
      const again = el('button', { type: 'button', className: 'gb-next gb-secondary', textContent: 'Try again' });
      const mouse = el('button', { type: 'button', className: 'gb-next', textContent: 'Continue with the mouse' });
      again.addEventListener('click', () => resolve(true));
      mouse.addEventListener('click', () => resolve(false));
      const box = el('div', { className: 'gb-message gb-camera-failed', role: 'alert' }, el('h1', { textContent: CAMERA_TITLE }),
        el('p', { textContent: `This study uses your webcam to follow where you look, but ${reason}.` }),
        el('p', { className: 'gb-status', textContent: CAMERA_EXPLAINED }),
        el('p', { textContent: CAMERA_MOUSE }),
        el('div', { className: 'gb-actions' }, again, mouse));
      const placeholder = new MouseSource();
      root.replaceChildren(bar(start, { ...placeholder, kind: 'webcam', label: 'Webcam (unavailable)' } as GazeSource), box);
      mouse.focus({ preventScroll: true });
    });
    if (!retry) {
      const m = new MouseSource();
      m.start();
      return m;
    }
  }
}

/**
 * The consent screen (issue 41), before anything is measured: agreeing swaps the session token for
 * the one carrying the consent (the server refuses to store a session without it); declining sends
 * the answer (counted, nothing else stored) and follows the panel's screen-out redirect. Answers
 * whether the session goes on.
 */
async function askConsent(progress: Progress): Promise<boolean> {
  const { start } = progress;
  const view = consentScreen(start.consent!.text, start.reference, start.is_test);
  const b = el('div', { className: `gb-bar${start.is_test ? ' gb-test' : ''}` }, el('span', { textContent: start.is_test ? TEST_BANNER : start.study_name }));
  root.replaceChildren(b, view.box);
  view.box.querySelector('h1')?.focus({ preventScroll: true });
  let agree = await view.choice;
  for (;;) {
    const res = await post<ConsentResponse>(`/v1.0/take/${studyId}/consent`, { token: start.token, agree, version: start.consent!.version }).catch(() => null);
    if (res?.status === 200 && res.body) {
      if (!agree) {
        try { store?.removeItem(storageKey); } catch { /* nothing to clear */ }
        const redirect = res.body.redirect_url;
        const box = el('div', { className: 'gb-message', role: 'status' }, el('h1', { textContent: DECLINED_TITLE }), el('p', { textContent: DECLINED_TEXT }),
          el('p', { className: 'gb-status', textContent: redirect ? 'Taking you back…' : 'You can close this page.' }));
        box.dataset.state = 'declined';
        root.replaceChildren(box);
        if (redirect) setTimeout(() => location.replace(redirect), 1500);
        return false;
      }
      progress.start = { ...start, token: res.body.token };
      progress.consented = true;
      save(progress);
      return true;
    }
    if (res && res.status !== 200 && res.status !== 429 && res.status < 500) {
      message('This study cannot be taken', (res.body as { message?: string } | null)?.message ?? 'Please open the study link again.');
      return false;
    }
    agree = await view.retry('Your answer could not be sent: check your connection and choose again.');
  }
}

async function run(): Promise<void> {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  const send = (b: unknown) => post(`/v1.0/take/${studyId}/session`, b);
  const buffer = new DeliveryBuffer({
    storage: store, key: `${storageKey}:delivery`, send,
    onRetry: (n) => { const s = root.querySelector('[role="status"].gb-status'); if (s) s.textContent = `Saving your answers… (no connection, trying again, attempt ${n + 1})`; },
  });
  const pending = buffer.pending();
  if (pending) return deliver(buffer, pending, null, null);

  let progress: Progress | null;
  try { progress = JSON.parse(store?.getItem(storageKey) ?? 'null') as Progress | null; } catch { progress = null; }
  if (!progress) {
    const res = await post<StartResponse & { message?: string }>(`/v1.0/take/${studyId}/start`, { query: location.search }).catch(() => null);
    if (!res) return message('No connection', 'The study could not be loaded. Check your connection and reload this page.');
    if (res.status === 429) return message('Please wait a few minutes', res.body?.message ?? 'Too many starts: please try again in a few minutes.');
    if (res.status !== 200) return message('This study cannot be taken', res.body?.message ?? 'Please try again later.');
    // Full, closed, paused or already completed: back to the panel with a clear reason.
    if (res.body.state !== 'run') return sendBack(res.body.state, res.body.message, res.body.redirect_url, null, null);
    progress = { start: res.body, index: 0, results: [], calibration: null };
    save(progress);
  }
  if (progress.start.consent && !progress.consented && !(await askConsent(progress))) return;
  const wanted = progress.fallback ?? params.get('source');
  let source = wanted === 'webcam' ? null : gazeSource(wanted);
  const { start } = progress;
  if (progress.connection === undefined) {
    message('Checking your connection…', 'This takes a second.');
    progress.connection = await measureConnection();
    save(progress);
    if (!(await gate(progress, source ?? new MouseSource(), 'connection'))) return;
  }
  if (!source) {
    source = await startWebcam(start);
    if (source.kind === 'mouse') { progress.fallback = 'mouse'; save(progress); }
  } else {
    await source.start();
  }
  while (progress.index < start.steps.length) {
    const step = start.steps[progress.index];
    const result = await playStep(step, source, progress);
    progress.results.push(result);
    progress.index += 1;
    save(progress);
    const stage = step.type === 'calibration' || step.type === 'validation' ? step.type
      : step.type === 'command' && commandAction(step.command?.name) === 'calibrate' ? 'calibration' : null;
    // A Calibrate / Recalibrate command's measures are judged and stored like a Calibration step's.
    if (stage && !(await gate(progress, source, stage))) { source.stop(); return; }
    if (step.type === 'external' && step.external?.url) return; // left for the external page; resumes on return
  }
  source.stop();
  const c = progress.calibration;
  await deliver(buffer, {
    token: start.token, status: 'complete', gaze_source: source.kind,
    ...(c ? { calibration: c } : {}),
    connection_speed_kbps: progress.connection ?? null,
    steps: progress.results,
  }, start, source);
}

void run();
