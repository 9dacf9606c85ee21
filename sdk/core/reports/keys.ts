// Stim selections (spec document 2 §3.8): stim names are not unique, so inside the SDK a selected
// stim is its key `cell:step:study:stim`. Shared URLs carry names (spec document 3 §2.17: joined
// by '|', '.' standing for a space); they are resolved to keys against the study's stim tree.
import type { StimTreeResponse } from '../api/reports';

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
  type: string;
  source: string | null;
  preview: string | null;
}

export function treeStims(tree: StimTreeResponse): TreeStim[] {
  const studyId = tree.study_id;
  return tree.data.flatMap((cell) =>
    cell.step_list.flatMap((step, i) =>
      step.stimulus_list.map((s) => ({
        key: stimKey({ cellId: cell.cell_id, stepId: step.step_id, studyId, stimId: s.stimulus_id }),
        cellId: cell.cell_id,
        cellName: cell.cell_name,
        stepId: step.step_id,
        stepNumber: i + 1,
        stimId: s.stimulus_id,
        name: s.stimulus_name,
        type: s.stimulus_type,
        source: s.stimulus_source,
        preview: s.stimulus_source_alternate ?? s.stimulus_source,
      })),
    ),
  );
}

/** A stim name as the URL carries it: spaces become dots. */
export const encodeStimName = (name: string) => name.replace(/ /g, '.');

/** `stims` query value → the names it lists ('.' back to a space). */
export function decodeStimsQuery(value: string | null | undefined): string[] {
  return (value ?? '').split('|').map((s) => s.trim()).filter(Boolean).map((s) => s.replace(/\./g, ' '));
}

/**
 * The keys of the tree's stims named in a `stims` query value. A name matches when it equals the
 * stim's name with spaces as dots (so names holding real dots resolve too); a name shared by
 * several stims selects each of them.
 */
export function keysForStimsQuery(stims: TreeStim[], value: string | null | undefined): StimKey[] {
  const wanted = new Set((value ?? '').split('|').map((s) => s.trim()).filter(Boolean));
  return stims.filter((s) => wanted.has(encodeStimName(s.name))).map((s) => s.key);
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

/**
 * The shareable report address (D3-190, D3-191): `/my_studies/overview/{id}/reports?stims=…&report_type=…`,
 * names joined by '|' with spaces as dots, each name once; no stims for demographics and questions.
 */
export function reportPath(studyId: number, type: ReportType, names: string[]): string {
  const base = `/my_studies/overview/${studyId}/reports`;
  const unique = [...new Set(names.map(encodeStimName))];
  const parts: string[] = [];
  if (needsStims(type) && unique.length) parts.push(`stims=${unique.map(encodeURIComponent).join('|')}`);
  parts.push(`report_type=${type}`);
  return `${base}?${parts.join('&')}`;
}
