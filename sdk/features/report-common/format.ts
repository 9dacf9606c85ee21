// Report number formats (spec document 3 §9; D3-277, D3-278): times with 1 decimal and 's',
// percents whole, thousands delimited; a missing value is an en dash.
export const MISSING = '–';

const fmt = (decimals: number) => new Intl.NumberFormat('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
const one = fmt(1);
const zero = fmt(0);
const two = fmt(2);

const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** 1.25 → '1.3s', 1234.5 → '1,234.5s'. */
export const formatSeconds = (v: number | null | undefined) => (ok(v) ? `${one.format(v)}s` : MISSING);
/** 44.6 → '45%'. */
export const formatPercent = (v: number | null | undefined) => (ok(v) ? `${zero.format(v)}%` : MISSING);
/** Thousands delimited with `decimals` places (default 0). */
export const formatNumber = (v: number | null | undefined, decimals = 0) => (ok(v) ? (decimals === 2 ? two : decimals === 1 ? one : zero).format(v) : MISSING);

/** How a metric is shown: times in seconds, shares in percent, attention seconds as a number. */
export type MetricKind = 'seconds' | 'percent' | 'number';
export function formatMetric(kind: MetricKind, v: number | null | undefined): string {
  if (kind === 'seconds') return formatSeconds(v);
  if (kind === 'percent') return formatPercent(v);
  return formatNumber(v, 1);
}

/** The value as shown (same rounding), so "equal to the norm" means equal on screen. */
function shown(kind: MetricKind, v: number): number {
  const d = kind === 'percent' ? 0 : 1;
  return Math.round(v * 10 ** d) / 10 ** d;
}

export type NormRelation = 'above' | 'below' | 'equal' | 'none';

/** D3-218: green above the norm, red below, neutral when equal (as displayed) or without a norm. */
export function compareToNorm(kind: MetricKind, value: number | null | undefined, norm: number | null | undefined): NormRelation {
  if (!ok(value) || !ok(norm)) return 'none';
  const a = shown(kind, value);
  const b = shown(kind, norm);
  return a > b ? 'above' : a < b ? 'below' : 'equal';
}

/**
 * Metrics where less is better: a faster first look. D3-218's green-above/red-below holds for the
 * funnel rows (higher is better); these are coloured the other way round (issue 38).
 */
export const LOWER_IS_BETTER: ReadonlySet<string> = new Set(['avg_time_to_first_view', 'time_to_first_fixation', 'time_to_first_fixation_viewable']);

/** Which colour a value earns against its norm: green 'better', red 'worse', none 'neutral'. */
export type NormTone = 'better' | 'worse' | 'neutral';
export function normTone(metric: string, relation: NormRelation): NormTone {
  if (relation === 'above') return LOWER_IS_BETTER.has(metric) ? 'worse' : 'better';
  if (relation === 'below') return LOWER_IS_BETTER.has(metric) ? 'better' : 'worse';
  return 'neutral';
}

/** D3-280: wide when width/height > 2, tall when ≤ 0.5, otherwise square. */
export type ImageClass = 'wide' | 'tall' | 'square';
export function imageClass(width: number, height: number): ImageClass {
  if (!(width > 0) || !(height > 0)) return 'square';
  const r = width / height;
  return r > 2 ? 'wide' : r <= 0.5 ? 'tall' : 'square';
}
/** A billboard (width/height > 2) takes a single column (D3-220). */
export const isBillboard = (width: number, height: number) => imageClass(width, height) === 'wide';

/** Spec document 3 §9. */
export const CHART_HEIGHT = 330;
export const VISUAL_TIMEOUT_MS = 3000;
export const SECTION_ERROR_MS = 6000;

export const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Survival legends cut names in the middle past this (the size and cell stay); tooltips keep the full label. */
export const LEGEND_NAME_MAX = 40;

/** Between a stim name and the cell (and step) a placement label adds (contract/placements.ts). */
const LABEL_SEPARATOR = ' · ';
/** An ad size in a name: '728x90', '300 × 250', '970x250px'; the last one is kept with what follows it ('300x250 #7'). */
const SIZE = /\d{1,5}\s*[x×X]\s*\d{1,5}/g;
const ELLIPSIS = '…';

/** `text` at most `max` characters, the middle replaced by '…', keeping `keep` characters of the end. */
function cutMiddle(text: string, max: number, keep: number): string {
  if (text.length <= max) return text;
  const tail = text.slice(text.length - Math.min(keep, max - 2));
  const head = text.slice(0, max - 1 - tail.length).trimEnd();
  return `${head}${ELLIPSIS}${tail.trimStart()}`;
}

/**
 * A stim name or placement label cut to `max` characters for chips, columns and captions (issue
 * 37 item 6): the middle goes, never the end, since the end is what tells names apart — the ad
 * size ("Campaign spring 2026 leaderbo…728x90") and the cell a label adds ("… · Cell B"), which
 * is always kept whole. The full text stays in the title, for screen readers and in every CSV.
 */
export function cutStimName(text: string, max = 30): string {
  if (text.length <= max) return text;
  const sep = text.indexOf(LABEL_SEPARATOR);
  const name = sep < 0 ? text : text.slice(0, sep);
  const suffix = sep < 0 ? '' : text.slice(sep);
  // The name keeps at least 24 characters whatever the suffix's length (a long cell name must not
  // leave only the size: "Urban…300x250" says less than "Urban Threads…300x250 #7").
  const room = Math.max(max - suffix.length, 24);
  const sizes = [...name.matchAll(SIZE)];
  const last = sizes[sizes.length - 1];
  // The size and its short tail, when they leave room for a few characters of the start.
  const keep = last && name.length - last.index! <= room - 5 ? name.length - last.index! : Math.floor(room / 3);
  return cutMiddle(name, room, keep) + suffix;
}
