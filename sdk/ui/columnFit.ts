// Which DataTable columns fit a container width. Pure, so it is unit-tested.

export interface FitColumn {
  key: string;
  /** 1 (default) never hides; higher numbers hide first as the container narrows. */
  priority?: number;
  /** Pixels the column needs (default 120). */
  minWidth?: number;
}

export const DEFAULT_MIN_WIDTH = 120;

/**
 * Keys of the columns to show in `width` px, after `reserved` px (e.g. the selection column):
 * the least important columns (highest priority, then rightmost) are dropped until the rest fit.
 * Priority-1 columns always stay. Unknown width (0 or less) shows everything.
 */
export function visibleColumns(columns: FitColumn[], width: number, reserved = 0): string[] {
  if (!(width > 0)) return columns.map((c) => c.key);
  const shown = columns.map((c, i) => ({ ...c, i, p: c.priority ?? 1, w: c.minWidth ?? DEFAULT_MIN_WIDTH }));
  let total = reserved + shown.reduce((s, c) => s + c.w, 0);
  const drop = [...shown].filter((c) => c.p > 1).sort((a, b) => b.p - a.p || b.i - a.i);
  const hidden = new Set<string>();
  for (const c of drop) {
    if (total <= width) break;
    hidden.add(c.key);
    total -= c.w;
  }
  return shown.filter((c) => !hidden.has(c.key)).map((c) => c.key);
}
