// Pure shaping of the demographic summary into pies and CSV rows (no store, no DOM).
import type { DemographicSummary, SummaryGroup } from '../api/demographics';

export const PIE_TITLES: Record<SummaryGroup, string> = {
  gender_group: 'Gender',
  age_group: 'Age',
  family_group: 'Family',
  earnings_group: 'Earnings',
  socialgrade_group: 'Social grade',
  ethnicity_group: 'Ethnicity',
};

/** Pie order on the page (D1-109). */
export const PIE_ORDER: SummaryGroup[] = ['gender_group', 'age_group', 'family_group', 'earnings_group', 'socialgrade_group', 'ethnicity_group'];

export const OTHER_LABEL = 'Other';

/**
 * Earnings groups are thousands of pounds: '20-40' → '£20-40k' (D1-117). A label that already
 * carries the sign or the suffix is not doubled.
 */
export function formatEarnings(name: string): string {
  const core = String(name).trim().replace(/^£/, '').replace(/k\+?$/i, (m) => (m.endsWith('+') ? '+' : '')).replace(/k$/i, '');
  // An open top band reads '£100k+', not '£100+k' (issue 38).
  return core.endsWith('+') ? `£${core.slice(0, -1)}k+` : `£${core}k`;
}

export function groupLabel(group: SummaryGroup, name: string): string {
  return group === 'earnings_group' ? formatEarnings(name) : name;
}

export interface PieSlice {
  name: string;
  y: number;
}

export interface Pie {
  group: SummaryGroup;
  title: string;
  slices: PieSlice[];
  /**
   * D1-111: a pie is drawn when more than one slice (the 'Other' slice included) is above 0, and
   * also when the 'Other' slice is the only one: respondents exist but none has a group of this
   * kind, which the pie says (100 % Other) instead of "No data" (issue 35; docs/decisions.md).
   */
  hasData: boolean;
}

/**
 * The 'Other' slice (D1-110) counts respondents in the summary's base (`total`: the respondents
 * counted after the eye-tracking limit and the filters) who have NO group of this kind recorded:
 * total − Σ group counts, never below 0. Without a total from the server it is 0.
 */
export function otherCount(counts: number[], total: number | null): number {
  if (total == null) return 0;
  return Math.max(0, total - counts.reduce((a, b) => a + b, 0));
}

/**
 * A kind's own "Other" answer ('Other ethnic group', a plain 'Other'). The server counts it in the
 * Other slice (server/domain/demographics.ts isOtherAnswer); an answer that still lists it (an
 * older server, saved data) is folded the same way: one Other slice, never two (issue 38).
 */
export const isOtherAnswer = (name: string): boolean => /^other\b/i.test(String(name).trim());

export function buildPie(group: SummaryGroup, summary: DemographicSummary, total: number | null): Pie {
  const listed = summary[group] ?? [];
  const entries = listed.filter((e) => !isOtherAnswer(e.name));
  // Without a total the Other slice cannot be derived, so a folded answer's count is added to it.
  const folded = total == null ? listed.filter((e) => isOtherAnswer(e.name)).reduce((a, e) => a + (Number(e.count) || 0), 0) : 0;
  const slices = entries.map((e) => ({ name: groupLabel(group, e.name), y: Number(e.count) || 0 }));
  slices.push({ name: OTHER_LABEL, y: otherCount(slices.map((s) => s.y), total) + folded });
  const above = slices.filter((s) => s.y > 0);
  const onlyOther = above.length === 1 && above[0] === slices[slices.length - 1];
  return { group, title: PIE_TITLES[group], slices, hasData: above.length > 1 || onlyOther };
}

export function buildPies(summary: DemographicSummary | null, total: number | null): Pie[] {
  if (!summary) return [];
  return PIE_ORDER.map((g) => buildPie(g, summary, total));
}
