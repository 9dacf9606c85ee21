// Stim selections (spec document 2 §3.8): stim names are not unique, so inside the SDK a selected
// stim is its key `cell:step:study:stim`. Shared URLs carry names (spec document 3 §2.17: joined
// by '|', '.' standing for a space); they are resolved to keys against the study's stim tree.
import type { StimTreeResponse } from '../api/reports';
import { isAmbiguousName, placementLabels } from '../../../contract/placements';

export type StimKey = `${number}:${number}:${number}:${number}`;

export interface StimRefKey {
  cellId: number;
  stepId: number;
  studyId: number;
  stimId: number;
}

const POSITIVE = /^[1-9]\d{0,9}$/;

export function stimKey(r: StimRefKey): StimKey {
  return `${r.cellId}:${r.stepId}:${r.studyId}:${r.stimId}`;
}

/** The parts of a key, or null for anything that is not four positive ids. */
export function parseStimKey(key: string): StimRefKey | null {
  const parts = key.trim().split(':');
  if (parts.length !== 4 || !parts.every((p) => POSITIVE.test(p))) return null;
  const [cellId, stepId, studyId, stimId] = parts.map(Number);
  return { cellId, stepId, studyId, stimId };
}

/** An element's `stims` attribute: keys separated by '|', ',' or white space; invalid ones dropped. */
export function parseStimKeys(value: string | null | undefined): StimKey[] {
  const out: StimKey[] = [];
  for (const part of (value ?? '').split(/[|,\s]+/)) {
    const r = parseStimKey(part);
    if (r && !out.includes(stimKey(r))) out.push(stimKey(r));
  }
  return out;
}

/** The body's `{cell_id, step_id, stim_id}` of a key. */
export function stimRef(key: StimKey) {
  const r = parseStimKey(key)!;
  return { cell_id: r.cellId, step_id: r.stepId, stim_id: r.stimId };
}

/** One stim leaf of the tree, flattened with everything the builder and reports show. */
export interface TreeStim {
  key: StimKey;
  cellId: number;
  cellName: string;
  stepId: number;
  /** 1-based position of the step among the cell's steps that hold stims ('Step n'). */
  stepNumber: number;
  stimId: number;
  name: string;
  /** How reports name this placement: the stim name, with its cell (and step) when the study places that name more than once (contract/placements.ts). */
  label: string;
  type: string;
  source: string | null;
  preview: string | null;
}

export function treeStims(tree: StimTreeResponse): TreeStim[] {
  const studyId = tree.study_id;
  const flat = tree.data.flatMap((cell) =>
    cell.step_list.flatMap((step, i) =>
      step.stimulus_list.map((s) => ({
        key: stimKey({ cellId: cell.cell_id, stepId: step.step_id, studyId, stimId: s.stimulus_id }),
        cellId: cell.cell_id,
        cellName: cell.cell_name,
        stepId: step.step_id,
        stepNumber: i + 1,
        stimId: s.stimulus_id,
        name: s.stimulus_name,
        label: s.stimulus_name,
        type: s.stimulus_type,
        source: s.stimulus_source,
        preview: s.stimulus_source_alternate ?? s.stimulus_source,
      })),
    ),
  );
  const labels = placementLabels(flat);
  return flat.map((s, i) => ({ ...s, label: labels[i] }));
}

/** A stim name as the URL carries it: spaces become dots. */
export const encodeStimName = (name: string) => name.replace(/ /g, '.');

/** `stims` query value → the names it lists ('.' back to a space). */
export function decodeStimsQuery(value: string | null | undefined): string[] {
  return (value ?? '').split('|').map((s) => s.trim()).filter(Boolean).map((s) => s.replace(/\./g, ' '));
}

const queryEntries = (value: string | null | undefined) => (value ?? '').split('|').map((s) => s.trim()).filter(Boolean);

/**
 * The keys of the tree's stims named in a `stims` query value (tree order). An entry is either a
 * placement key `cell:step:study:stim` (issue 37 item 5: exact, what the builder writes for a name
 * the study places more than once) or a stim name (the spec's form, D3-182). A name matches when
 * it equals the stim's name with spaces as dots (so names holding real dots resolve too); a name
 * shared by several placements selects each of them (docs/decisions.md: a link naming a shared
 * stim was made when the name was all it could say, so it keeps opening every placement of it,
 * and the builder says so).
 */
export function keysForStimsQuery(stims: TreeStim[], value: string | null | undefined): StimKey[] {
  const wanted = new Set(queryEntries(value));
  return stims.filter((s) => wanted.has(s.key) || wanted.has(encodeStimName(s.name))).map((s) => s.key);
}

/** The names of a `stims` query value that select more than one placement (the builder flags them). */
export function ambiguousQueryNames(stims: TreeStim[], value: string | null | undefined): { name: string; labels: string[] }[] {
  const out: { name: string; labels: string[] }[] = [];
  for (const entry of new Set(queryEntries(value))) {
    if (stims.some((s) => s.key === entry)) continue;
    const hits = stims.filter((s) => encodeStimName(s.name) === entry);
    if (hits.length > 1) out.push({ name: hits[0].name, labels: hits.map((s) => s.label) });
  }
  return out;
}

/**
 * What the builder writes for a selection: each placement by its stim name when no other placement
 * of the study carries that name (the spec's readable form), else by its key (unambiguous).
 */
export function stimsQueryEntries(selected: TreeStim[], all: TreeStim[]): string[] {
  return [...new Set(selected.map((s) => (isAmbiguousName(all, s.name) ? s.key : s.name)))];
}

export const REPORT_TYPES = ['compare', 'kpi', 'feature', 'demographics', 'questionAnswers'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const isReportType = (v: unknown): v is ReportType => typeof v === 'string' && (REPORT_TYPES as readonly string[]).includes(v);

/** Radio labels (D3-184). */
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  compare: 'Compare report',
  kpi: 'KPI report',
  feature: 'Feature report',
  demographics: 'Demographics report',
  questionAnswers: 'Question report',
};

/** Page titles (D3-189). */
export const REPORT_TITLES: Record<ReportType, string> = {
  compare: 'Compare Report',
  kpi: 'KPI Report',
  feature: 'Feature Report',
  demographics: 'Demographic Report',
  questionAnswers: 'Question Report',
};
export const NO_REPORT_TITLE = 'Choose your report';

/** Types that need no stim (D3-186, D3-191). */
export const needsStims = (t: ReportType) => t !== 'demographics' && t !== 'questionAnswers';

/** A `stims` query value: names with spaces as dots, placement keys as they are, each once, joined by '|'. */
export function stimsQueryValue(entries: string[]): string {
  return [...new Set(entries.map((e) => (parseStimKey(e) ? e : encodeStimName(e))))].join('|');
}

/**
 * The shareable report address (D3-190, D3-191): `/my_studies/overview/{id}/reports?stims=…&report_type=…`,
 * names joined by '|' with spaces as dots, each name once; no stims for demographics and questions.
 * An entry that is a placement key (`stimsQueryEntries`) is written as it is (issue 37 item 5).
 */
export function reportPath(studyId: number, type: ReportType, names: string[]): string {
  const base = `/my_studies/overview/${studyId}/reports`;
  const unique = [...new Set(names.map((e) => (parseStimKey(e) ? e : encodeStimName(e))))];
  const parts: string[] = [];
  if (needsStims(type) && unique.length) parts.push(`stims=${unique.map((e) => (parseStimKey(e) ? e : encodeURIComponent(e))).join('|')}`);
  parts.push(`report_type=${type}`);
  return `${base}?${parts.join('&')}`;
}
