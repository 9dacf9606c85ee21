// How a placement (one stim in one step of one cell) is named wherever a report shows it: chips,
// table columns, legends, captions, CSV columns (issue 37 item 5). The server's answers and the
// SDK's reports both call this, so a name reads the same on screen and in every download. It lives
// in contract/ because the label is part of what the API answers (`stim_label`) and both sides may
// import this folder; it has no imports of its own.
//
// A stim name that only one placement of the study carries is shown as it is. When several
// placements share a name (a test/control design places one creative in two cells) each gets its
// cell's name ("Leaderboard 728x90 · Cell B"); placements of that name in the same cell also get
// their step ("… · Cell B · Step 2", steps numbered among the cell's steps that hold stims, as the
// report builder's tree does). Should that still not tell them apart (two cells of the same name),
// the cell's position in the study is added ("… · Cell A (2)").

export const PLACEMENT_SEPARATOR = ' · ';

export interface PlacementInfo {
  cellId: number;
  cellName: string;
  stepId: number;
  stimId: number;
  name: string;
}

/**
 * One label per placement, in the order given. `placements` must be every placement of the study
 * (the stim tree, in its order), not only those a report shows: whether a name is ambiguous is a
 * property of the study, so a column reads the same in every report of it.
 */
export function placementLabels(placements: readonly PlacementInfo[]): string[] {
  const byName = new Map<string, number[]>();
  placements.forEach((p, i) => {
    const list = byName.get(p.name);
    if (list) list.push(i);
    else byName.set(p.name, [i]);
  });
  // Step n: position among the cell's steps that hold stims (first-seen order); cell position likewise.
  const stepNumber = new Map<string, number>();
  const cellNumber = new Map<number, number>();
  const stepsSeen = new Map<number, number>();
  for (const p of placements) {
    if (!cellNumber.has(p.cellId)) cellNumber.set(p.cellId, cellNumber.size + 1);
    const k = `${p.cellId}:${p.stepId}`;
    if (!stepNumber.has(k)) {
      const n = (stepsSeen.get(p.cellId) ?? 0) + 1;
      stepsSeen.set(p.cellId, n);
      stepNumber.set(k, n);
    }
  }
  const out = placements.map((p) => p.name);
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const cells = new Set(group.map((i) => placements[i].cellId));
    const cellNames = new Map<string, Set<number>>();
    for (const i of group) {
      const set = cellNames.get(placements[i].cellName) ?? new Set<number>();
      set.add(placements[i].cellId);
      cellNames.set(placements[i].cellName, set);
    }
    for (const i of group) {
      const p = placements[i];
      const parts = [p.name];
      if (cells.size > 1) {
        const sameName = (cellNames.get(p.cellName)?.size ?? 0) > 1;
        parts.push(sameName ? `${p.cellName} (${cellNumber.get(p.cellId)})` : p.cellName);
      }
      if (group.some((j) => j !== i && placements[j].cellId === p.cellId)) parts.push(`Step ${stepNumber.get(`${p.cellId}:${p.stepId}`)}`);
      out[i] = parts.join(PLACEMENT_SEPARATOR);
    }
  }
  return out;
}

/** The label of one placement (cell, step, stim) among the study's placements; its stim name when not found. */
export function placementLabel(placements: readonly PlacementInfo[], ref: { cellId: number; stepId: number; stimId: number }, fallback: string): string {
  const i = placements.findIndex((p) => p.cellId === ref.cellId && p.stepId === ref.stepId && p.stimId === ref.stimId);
  return i < 0 ? fallback : placementLabels(placements)[i];
}

/** Whether a stim name is carried by more than one placement of the study (a `stims` URL name would select them all). */
export function isAmbiguousName(placements: readonly PlacementInfo[], name: string): boolean {
  let n = 0;
  for (const p of placements) if (p.name === name && ++n > 1) return true;
  return false;
}
