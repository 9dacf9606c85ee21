// Synthetic respondents with believable behaviour, for the demo and the benchmarks. Everything is
// drawn from a PRNG seeded by (study id, respondent index), so the same study always gets the same
// sessions. Sessions are plain ingestion bodies: they are stored through ingestSession, the path
// real respondents take.
//
// The model, per respondent: demographics from the lookup lists; a device (desktop 1280×720 or
// mobile 390×844 by the study's environment); webcam quality (calibration accuracy drives a
// per-respondent gaze offset and per-fixation error, precision drives sample jitter, frame rate is
// the sample rate); per page a log-normal dwell and a scroll path (pauses, then moves of about
// half a viewport, down to a personal depth), occasional tab switches (not focused: nothing in
// view, no samples); gaze as 200–400 ms fixations joined by 1–2 sample saccades, aimed at ads in
// view with a personal interest level (some respondents avoid ads), else at page content.
import type { StudyContext, StudyStep, StudyStim } from './study-context.js';
import { LOOKUPS } from '../domain/lookups.js';
import { seeded, type Rng } from '../domain/random.js';
import type { SessionAnswer, SessionBody, SessionParticipant, SessionStep, SessionStim } from './session.js';
import type { ViewInterval } from './viewability.js';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round1 = (v: number) => Math.round(v * 10) / 10;

/** Respondents per cell that guarantee ≥ 40 report-eligible (complete, not test, eye-tracked, good quality). */
export const PER_CELL_MIN = 60;
/** Upper bound on respondents per study from participants_requested, so demo seeding stays quick. */
export const STUDY_CAP = 150;

/**
 * How many respondents the simulator gives a study: none before data collection. At least
 * PER_CELL_MIN per cell (reports need them) and never more than participants_requested unless
 * that is below the minimum (the demo plan never asks for less); in between a share fixed per study,
 * so returned counts differ from study to study. A study still collecting has 60 % of it.
 */
export function respondentTarget(ctx: StudyContext): number {
  if (!ctx.cells.length) return 0;
  if (!ctx.completed && !ctx.live && ctx.phaseId < 3) return 0;
  const floor = ctx.cells.length * PER_CELL_MIN;
  const wanted = Math.min(ctx.participantsRequested, STUDY_CAP);
  // A fixed fraction per study (Knuth's multiplicative hash of its id).
  const u = ((ctx.studyId * 2654435761) >>> 0) / 2 ** 32;
  // Below the cap: 80–100 % of it; held up by the per-cell minimum: 100–120 % of that minimum.
  const drawn = wanted > floor ? Math.round(wanted * (0.8 + 0.2 * u)) : Math.round(floor * (1 + 0.2 * u));
  const full = Math.min(Math.max(floor, drawn), Math.max(floor, ctx.participantsRequested));
  // Fieldwork over (analysis or completed): all of it.
  return ctx.completed || ctx.phaseId >= 4 ? full : Math.max(floor, Math.round(full * 0.6));
}

/**
 * Role of the j-th respondent of a cell. Fixed patterns rather than coin flips, so every cell of
 * every study has the same mix: per 60, about 43 are complete, eye-tracked, good-quality, non-test.
 */
export function respondentRole(j: number) {
  return {
    isTest: j % 30 === 7,
    status: (j % 14 === 3 ? 'screenout' : j % 45 === 20 ? 'quota_full' : 'complete') as SessionParticipant['status'],
    hasEyetracking: j % 9 !== 4,
    poorQuality: j % 16 === 11,
  };
}

interface Device {
  mobile: boolean;
  vw: number;
  vh: number;
  /** page px per design px (mobile pages are laid out narrower) */
  scale: number;
}

interface Viewer {
  r: Rng;
  hz: number;
  eyetracked: boolean;
  /** systematic calibration offset, px */
  biasX: number;
  biasY: number;
  /** per-fixation error sd, px */
  fixError: number;
  /** per-sample jitter sd, px */
  jitter: number;
  /** how drawn to ads this respondent is (0 avoids them) */
  adAffinity: number;
  goodQuality: boolean;
}

interface Placed {
  stim: StudyStim;
  x: number;
  y: number;
  width: number;
  height: number;
  /** chance per fixation of looking at it once noticed */
  interest: number;
  /** chance of noticing it at all (× the respondent's affinity) */
  notice: number;
}

const DEFAULT_SIZE: Record<string, [number, number]> = { v: [640, 360], va: [640, 360], vx: [640, 360] };

function stimSize(s: StudyStim): [number, number] {
  return [s.width ?? DEFAULT_SIZE[s.stimType]?.[0] ?? 300, s.height ?? DEFAULT_SIZE[s.stimType]?.[1] ?? 250];
}

/** Viewport top (page px) over time: pauses, scroll moves, down to a personal depth. */
function scrollPath(r: Rng, dwell: number, maxTop: number): (t: number) => number {
  const keys: [number, number][] = [[0, 0]];
  if (maxTop > 0) {
    const depth = r.chance(0.35) ? maxTop : maxTop * (0.3 + 0.7 * r());
    // Skimmers scroll on quickly, readers linger.
    const pause = r.chance(0.25) ? 700 : 2200;
    let t = 0;
    let top = 0;
    while (t < dwell && top < depth) {
      t += r.logNormal(pause, 0.5);
      keys.push([t, top]);
      top = Math.min(depth, top + r.logNormal(380, 0.4));
      t += 350;
      keys.push([t, top]);
    }
  }
  return (t) => {
    let i = 0;
    while (i + 1 < keys.length && keys[i + 1][0] <= t) i++;
    const [t0, y0] = keys[i];
    const next = keys[i + 1];
    if (!next) return y0;
    return y0 + ((next[1] - y0) * (t - t0)) / (next[0] - t0);
  };
}

function visibleFraction(p: Placed, top: number, d: Device): number {
  const oy = Math.max(0, Math.min(p.y + p.height, top + d.vh) - Math.max(p.y, top));
  const ox = Math.max(0, Math.min(p.x + p.width, d.vw) - Math.max(p.x, 0));
  return (ox * oy) / (p.width * p.height);
}

/** Run-length intervals of the in-view fraction on a 100 ms grid (zero stretches omitted). */
function intervalsOf(fractionAt: (t: number) => number, dwell: number): ViewInterval[] {
  const out: ViewInterval[] = [];
  const step = 100;
  for (let t = 0; t < dwell; t += step) {
    const f = Math.round(fractionAt(t) * 100) / 100;
    const end = Math.min(dwell, t + step);
    const last = out[out.length - 1];
    if (f <= 0) continue;
    if (last && last.fraction === f && last.end_ms === t) last.end_ms = end;
    else out.push({ start_ms: t, end_ms: end, fraction: f });
  }
  return out;
}

/** One page (step) seen by one respondent: stims with viewability and the gaze over it. */
function simulatePage(v: Viewer, d: Device, placed: Placed[], dwell: number, fixedView: boolean): { stims: SessionStim[]; gaze: number[][] } {
  const r = v.r;
  const pageBottom = Math.max(d.vh, ...placed.map((p) => p.y + p.height + 200));
  const scroll = fixedView ? () => 0 : scrollPath(r, dwell, Math.max(0, pageBottom - d.vh));
  // Sometimes the respondent switches tab for a few seconds: nothing is in view of a focused page.
  const away: [number, number] | null = dwell > 8000 && r.chance(0.08) ? (() => {
    const s = r() * (dwell - 6000);
    return [s, s + 2000 + r() * 4000];
  })() : null;
  const focused = (t: number) => !away || t < away[0] || t >= away[1];

  const stims = placed.map((p) => ({
    stim_id: p.stim.id, x: round1(p.x), y: round1(p.y), width: round1(p.width), height: round1(p.height),
    viewability: intervalsOf((t) => (focused(t) ? visibleFraction(p, scroll(t), d) : 0), dwell),
  }));

  const gaze: number[][] = [];
  if (!v.eyetracked) return { stims, gaze };
  // Whether each ad gets this respondent's attention at all (banner blindness is common).
  const noticed = placed.map((p) => r.chance(clamp(p.notice * v.adAffinity, 0, 0.95)));
  const period = 1000 / v.hz;
  let t = r() * period;
  let last: [number, number] | null = null;
  while (t < dwell) {
    if (!focused(t)) {
      t = away![1];
      last = null;
      continue;
    }
    const top = scroll(t);
    // Target: an ad in view (by interest), otherwise page content.
    let target: [number, number] | null = null;
    let onAd = false;
    for (const [pi, p] of placed.entries()) {
      const f = visibleFraction(p, top, d);
      // Ads the respondent did not notice still catch the odd glance.
      if (f < 0.3 || !r.chance(noticed[pi] ? p.interest : 0.01)) continue;
      const aois = p.stim.id ? (aoisFor.get(p.stim.id) ?? []) : [];
      const natural = stimSize(p.stim);
      if (aois.length && r.chance(0.6)) {
        const a = r.pick(aois);
        const cx = a.x + a.width / 2 + r.normal(0, a.width / 5);
        const cy = a.y + a.height / 2 + r.normal(0, a.height / 5);
        target = [p.x + (cx * p.width) / natural[0], p.y + (cy * p.height) / natural[1]];
      } else {
        const visTop = Math.max(p.y, top);
        const visBottom = Math.min(p.y + p.height, top + d.vh);
        target = [p.x + p.width * (0.1 + 0.8 * r()), visTop + (visBottom - visTop) * (0.1 + 0.8 * r())];
      }
      onAd = true;
      break;
    }
    // Page content: reading targets are where the ads are not.
    for (let tries = 0; !target && tries < 6; tries++) {
      const c: [number, number] = [d.vw * (0.08 + 0.84 * r()), top + d.vh * (0.08 + 0.84 * r())];
      if (tries === 5 || !placed.some((p) => c[0] >= p.x && c[0] <= p.x + p.width && c[1] >= p.y && c[1] <= p.y + p.height)) target = c;
    }
    target ??= [d.vw / 2, top + d.vh / 2];
    const duration = (200 + 200 * r()) * (onAd && r.chance(0.2) ? 1.6 : 1);
    const fx = target[0] + v.biasX + r.normal(0, v.fixError);
    const fy = target[1] + v.biasY + r.normal(0, v.fixError);
    if (last) {
      // saccade: 1–2 samples on the way
      const n = r.chance(0.5) ? 1 : 2;
      for (let k = 1; k <= n && t < dwell; k++) {
        gaze.push([round1(t), round1(last[0] + ((fx - last[0]) * k) / (n + 1)), round1(last[1] + ((fy - last[1]) * k) / (n + 1))]);
        t += period + r.normal(0, 1.5);
      }
    }
    const end = Math.min(dwell, t + duration);
    while (t < end) {
      gaze.push([round1(t), round1(fx + r.normal(0, v.jitter)), round1(fy + r.normal(0, v.jitter))]);
      t += period + r.normal(0, 1.5);
    }
    last = [fx, fy];
  }
  return { stims, gaze };
}

// AOIs of the study being simulated (set per call of simulateSession; kept module-level so the
// page simulation does not thread the context through every helper).
let aoisFor = new Map<number, { x: number; y: number; width: number; height: number }[]>();

const WORDS = ['great', 'colourful', 'too busy', 'memorable', 'boring', 'clear message', 'nice music', 'did not notice'];

function answersFor(r: Rng, ctx: StudyContext, groupId: number, noticedBrand: boolean): SessionAnswer[] {
  const out: SessionAnswer[] = [];
  for (const q of ctx.questions.values()) {
    if (q.groupId !== groupId) continue;
    const options = [...q.options.keys()];
    if (!options.length || q.formattedType === 'open_text') {
      out.push({ question_id: q.id, text: r.pick(WORDS) });
      continue;
    }
    if (q.formattedType === 'multiple_choice') {
      const k = r.int(1, Math.min(3, options.length));
      const chosen = new Set<number>();
      while (chosen.size < k) chosen.add(r.pick(options));
      for (const o of chosen) out.push({ question_id: q.id, answer_option_id: o });
      continue;
    }
    if (q.formattedType === 'brand_recall') {
      // people who looked at the ads remember brands more often
      const none = options[options.length - 1];
      if (!noticedBrand && r.chance(0.6)) out.push({ question_id: q.id, answer_option_id: none });
      else out.push({ question_id: q.id, answer_option_id: r.pick(options.slice(0, -1).length ? options.slice(0, -1) : options) });
      continue;
    }
    // single choice: earlier options (the positive end of a scale) a little more likely
    const i = Math.min(options.length - 1, Math.floor(options.length * r() ** 1.3));
    out.push({ question_id: q.id, answer_option_id: options[i] });
  }
  return out;
}

function pickDemographic(r: Rng, kind: string, weights?: number[]): number | null {
  const items = LOOKUPS[kind];
  if (!items || r.chance(0.04)) return null;
  if (!weights) return r.pick(items)[0];
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i] ?? 0;
    if (x <= 0) return items[i][0];
  }
  return items[items.length - 1][0];
}

/** Seed of respondent `index` of a study: independent of how many others are generated. */
export const respondentSeed = (studyId: number, index: number) => (Math.imul(studyId, 2_654_435_761) ^ Math.imul(index + 1, 40_503)) >>> 0;

/** The session respondent `index` of the study sends: deterministic in (study id, index). */
export function simulateSession(ctx: StudyContext, index: number): SessionBody {
  const r = seeded(respondentSeed(ctx.studyId, index));
  aoisFor = ctx.aois as typeof aoisFor;
  const cellId = ctx.cells[index % ctx.cells.length];
  const j = Math.floor(index / ctx.cells.length);
  const role = respondentRole(j);
  const q = ctx.quality;

  const mobile = ctx.environmentId === 2 || (ctx.environmentId === 4 && r.chance(0.3));
  const device: Device = mobile ? { mobile, vw: 390, vh: 844, scale: 390 / 1280 } : { mobile, vw: 1280, vh: 720, scale: 1 };

  // Webcam quality; good respondents stay inside the study's thresholds, poor ones do not.
  let accuracy = clamp(r.logNormal(55, 0.35), 15, 160);
  let precision = clamp(r.logNormal(8, 0.3), 3, 20);
  let frameRate = r.chance(0.8) ? 30 : r.int(15, 29);
  let speed = Math.round(clamp(r.logNormal(25_000, 0.6), 1_500, 200_000));
  if (role.poorQuality) {
    accuracy = Math.max(accuracy, (q.maxAccuracy ?? 150) * (1.2 + r()));
    precision = Math.max(precision, (q.maxPrecision ?? 20) * (1.2 + r() * 0.5));
    if (q.minCalibrationFrameRate) frameRate = Math.max(5, Math.floor(q.minCalibrationFrameRate * 0.6));
  } else {
    if (q.maxAccuracy) accuracy = Math.min(accuracy, q.maxAccuracy * (0.5 + 0.45 * r()));
    if (q.maxPrecision) precision = Math.min(precision, q.maxPrecision * (0.5 + 0.45 * r()));
    if (q.minCalibrationFrameRate) frameRate = Math.max(frameRate, Math.ceil(q.minCalibrationFrameRate));
    if (q.minConnectionSpeed) speed = Math.max(speed, Math.ceil(q.minConnectionSpeed * (1.1 + r())));
  }
  const angle = r() * 2 * Math.PI;
  const viewer: Viewer = {
    r,
    hz: Math.max(5, frameRate),
    eyetracked: role.hasEyetracking,
    biasX: Math.cos(angle) * accuracy * 0.6,
    biasY: Math.sin(angle) * accuracy * 0.6,
    fixError: accuracy * 0.35,
    jitter: precision / 2,
    adAffinity: r.chance(0.2) ? 0.2 : 0.7 + 0.5 * r(),
    goodQuality: !role.poorQuality,
  };
  const clampDwell = (ms: number) => {
    if (!viewer.goodQuality) return ms;
    let d = ms;
    if (q.minDwellMs) d = Math.max(d, q.minDwellMs * 1.05);
    if (q.maxDwellMs) d = Math.min(d, q.maxDwellMs * 0.95);
    return Math.round(d);
  };

  const participant: SessionParticipant = {
    reference: `R${ctx.studyId}-${String(index + 1).padStart(5, '0')}`,
    cell_id: cellId,
    panel_id: ctx.panels.length ? ctx.panels[index % ctx.panels.length] : null,
    age_group_id: pickDemographic(r, 'age_group', [14, 22, 20, 18, 15, 11]),
    family_group_id: pickDemographic(r, 'family_group', [30, 22, 33, 15]),
    earnings_group_id: pickDemographic(r, 'earnings_group', [22, 30, 24, 16, 8]),
    gender_group_id: pickDemographic(r, 'gender_group', [50, 48, 2]),
    socialgrade_group_id: pickDemographic(r, 'socialgrade_group', [27, 29, 21, 23]),
    ethnicity_group_id: pickDemographic(r, 'ethnicity_group', [80, 3, 9, 4, 4]),
    has_eyetracking: role.hasEyetracking,
    calibration_accuracy_px: role.hasEyetracking ? round1(accuracy) : null,
    calibration_precision_px: role.hasEyetracking ? round1(precision) : null,
    frame_rate: role.hasEyetracking ? frameRate : null,
    connection_speed_kbps: speed,
    status: role.status,
    is_test: role.isTest,
  };

  const cellSteps = [...ctx.steps.values()].filter((s) => s.cellId === cellId).sort((a, b) => a.position - b.position || a.id - b.id);
  const steps: SessionStep[] = [];
  let lookedAtAds = false;
  // A study made by a wizard asks its screening set as a question step (issue 35): answered there, once.
  const asked = cellSteps.some((s) => s.stepType === 'question' && s.questionGroupId === ctx.preAssignQuestionGroupId);
  const screening = ctx.preAssignQuestionGroupId && !asked ? answersFor(r, ctx, ctx.preAssignQuestionGroupId, false) : [];
  for (const [k, st] of cellSteps.entries()) {
    // Screened-out and over-quota respondents leave after the first step.
    if (role.status !== 'complete' && k > 0) break;
    const out = simulateStep(r, ctx, st, viewer, device, clampDwell);
    if (k === 0 && screening.length) out.answers = [...(out.answers ?? []), ...screening];
    if (st.stepType === 'question' && st.questionGroupId) out.answers = [...(out.answers ?? []), ...answersFor(r, ctx, st.questionGroupId, lookedAtAds)];
    if (out.gaze?.length && out.stims.length) lookedAtAds ||= r.chance(0.7);
    steps.push(out);
  }
  return { study_id: ctx.studyId, session_id: `sim-${ctx.studyId}-${index + 1}`, participant, steps };
}

function simulateStep(r: Rng, ctx: StudyContext, st: StudyStep, v: Viewer, d: Device, clampDwell: (ms: number) => number): SessionStep {
  const base = (median: number, sigma: number, lo: number, hi: number) => clampDwell(clamp(r.logNormal(median, sigma), lo, hi));
  const interest = (s: StudyStim, w: number, h: number) =>
    clamp(0.12 + (w * h) / 1_500_000 + (DEFAULT_SIZE[s.stimType] ? 0.15 : 0), 0.08, 0.45);

  if (st.stepType === 'stim' && st.stimId && ctx.stims.has(st.stimId)) {
    const s = ctx.stims.get(st.stimId)!;
    let [w, h] = stimSize(s);
    const fit = Math.min(1, (d.vw - 20) / w, (d.vh - 40) / h);
    w *= fit;
    h *= fit;
    const video = Boolean(DEFAULT_SIZE[s.stimType]);
    const dwell = video
      ? clampDwell((s.durationMs ?? 15_000) * (r.chance(0.7) ? 1 : 0.3 + 0.6 * r()))
      : base(6000, 0.5, 1500, 30_000);
    const placed: Placed[] = [{ stim: s, x: (d.vw - w) / 2, y: (d.vh - h) / 2, width: w, height: h, interest: Math.min(0.7, interest(s, w, h) * 2.5), notice: 0.85 }];
    const page = simulatePage(v, d, placed, dwell, true);
    return { step_id: st.id, page_dwell_ms: dwell, stims: page.stims, ...(page.gaze.length ? { gaze: page.gaze } : {}) };
  }
  if ((st.stepType === 'cache' || st.stepType === 'embedded') && st.placements.length) {
    const placed: Placed[] = st.placements.flatMap((p) => {
      const s = ctx.stims.get(p.stimId);
      if (!s) return [];
      const [w, h] = stimSize(s);
      return [{ stim: s, x: p.x * d.scale, y: p.y * d.scale, width: w * d.scale, height: h * d.scale, interest: interest(s, w, h), notice: 0.5 }];
    });
    const dwell = base(14_000, 0.55, 3000, 90_000);
    const page = simulatePage(v, d, placed, dwell, false);
    return { step_id: st.id, page_dwell_ms: dwell, stims: page.stims, ...(page.gaze.length ? { gaze: page.gaze } : {}) };
  }
  const dwell = st.stepType === 'question' ? base(20_000, 0.4, 4000, 120_000) : base(4000, 0.5, 800, 30_000);
  return { step_id: st.id, page_dwell_ms: dwell, stims: [] };
}
