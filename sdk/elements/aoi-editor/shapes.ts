// Pure AOI editing steps (stim pixels): the editor's state changes, tested without a browser.
import type { Aoi } from '../../core/api/stims';

export type Shape = Aoi & { key: string };

export function clampRect(s: Shape, w: number, h: number): Shape {
  if (s.shape === 'polygon') return s;
  const width = Math.max(1, Math.min(s.width, w));
  const height = Math.max(1, Math.min(s.height, h));
  return { ...s, width, height, x: Math.min(Math.max(0, s.x), w - width), y: Math.min(Math.max(0, s.y), h - height) };
}

/** Moves a shape by (dx, dy), kept inside the stim. */
export function moveShape(s: Shape, dx: number, dy: number, w: number, h: number): Shape {
  if (s.shape === 'polygon') {
    const pts = s.points ?? [];
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const ddx = Math.min(Math.max(dx, -Math.min(...xs)), w - Math.max(...xs));
    const ddy = Math.min(Math.max(dy, -Math.min(...ys)), h - Math.max(...ys));
    const moved = pts.map(([x, y]) => [x + ddx, y + ddy] as [number, number]);
    return { ...s, points: moved, ...bbox(moved) };
  }
  return clampRect({ ...s, x: s.x + dx, y: s.y + dy }, w, h);
}

/** Resizes a rectangle from its bottom-right corner. */
export function resizeShape(s: Shape, dw: number, dh: number, w: number, h: number): Shape {
  if (s.shape === 'polygon') return s;
  // The corner stops at the stim's edge; the rectangle never slides to make room.
  const width = Math.max(1, Math.min(s.width + dw, w - s.x));
  const height = Math.max(1, Math.min(s.height + dh, h - s.y));
  return clampRect({ ...s, width, height }, w, h);
}

export function bbox(points: [number, number][]): { x: number; y: number; width: number; height: number } {
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const x = Math.min(...xs), y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

export function rectFrom(a: [number, number], b: [number, number]): { x: number; y: number; width: number; height: number } {
  return { x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width: Math.abs(a[0] - b[0]), height: Math.abs(a[1] - b[1]) };
}

export const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The editor's drawing state in one reducer, so every pointer and key handler works on the latest
 * state even when events arrive faster than React renders (a fast drag, or a test's input): a
 * handler closing over `shapes` from the last render would overwrite a shape just drawn.
 */
export interface EditorState {
  shapes: Shape[];
  /** Earlier `shapes`, newest last (at most 50), for undo. */
  history: Shape[][];
  selected: string | null;
  /** The polygon being drawn. */
  draft: [number, number][];
}

export type EditorAction =
  | { type: 'load'; shapes: Shape[] }
  | { type: 'select'; key: string | null }
  /** A change that undo can revert. */
  | { type: 'commit'; change: (shapes: Shape[]) => Shape[] }
  /** A change during a drag or while typing a tag: undone with the snapshot taken before it. */
  | { type: 'live'; change: (shapes: Shape[]) => Shape[] }
  | { type: 'snapshot' }
  /** Drops the last snapshot when nothing changed since (a click on an AOI, not a drag). */
  | { type: 'settle' }
  | { type: 'undo' }
  /** Starts a rectangle at p, tagged 'AOI n', selected. */
  | { type: 'startRect'; key: string; at: [number, number] }
  /** Drops the rectangle just started when it is too small to be meant (a click, not a drag). */
  | { type: 'endRect'; key: string }
  | { type: 'addPoint'; at: [number, number] }
  | { type: 'clearDraft' }
  /** Closes the draft into a polygon (three points or more), selected. */
  | { type: 'closePolygon'; key: string }
  | { type: 'deleteSelected' }
  /** Changes the selected shape (keyboard nudging and resizing); `record` makes it undoable. */
  | { type: 'editSelected'; change: (s: Shape) => Shape; record: boolean };

export const initialEditor: EditorState = { shapes: [], history: [], selected: null, draft: [] };
const MAX_HISTORY = 50;
const pushed = (s: EditorState) => [...s.history.slice(-(MAX_HISTORY - 1)), s.shapes];

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'load': return { ...initialEditor, shapes: a.shapes };
    case 'select': return { ...s, selected: a.key };
    case 'commit': return { ...s, history: pushed(s), shapes: a.change(s.shapes) };
    case 'live': return { ...s, shapes: a.change(s.shapes) };
    case 'snapshot': return { ...s, history: pushed(s) };
    case 'settle': return s.history.at(-1) === s.shapes ? { ...s, history: s.history.slice(0, -1) } : s;
    case 'undo': {
      const prev = s.history.at(-1);
      if (!prev) return s;
      return { ...s, shapes: prev, history: s.history.slice(0, -1), selected: prev.some((x) => x.key === s.selected) ? s.selected : null };
    }
    case 'startRect': {
      const rect: Shape = { key: a.key, tag: `AOI ${s.shapes.length + 1}`, shape: 'rect', x: a.at[0], y: a.at[1], width: 0, height: 0, points: null };
      return { ...s, history: pushed(s), shapes: [...s.shapes, rect], selected: a.key };
    }
    case 'endRect': {
      const r = s.shapes.find((x) => x.key === a.key);
      if (!r || (r.width >= 2 && r.height >= 2)) return s;
      return { ...s, shapes: s.shapes.filter((x) => x.key !== a.key), history: s.history.slice(0, -1), selected: null };
    }
    case 'addPoint': return { ...s, draft: [...s.draft, a.at] };
    case 'clearDraft': return { ...s, draft: [] };
    case 'closePolygon': {
      if (s.draft.length < 3) return { ...s, draft: [] };
      const poly: Shape = { key: a.key, tag: `AOI ${s.shapes.length + 1}`, shape: 'polygon', points: s.draft, ...bbox(s.draft) };
      return { ...s, history: pushed(s), shapes: [...s.shapes, poly], selected: a.key, draft: [] };
    }
    case 'deleteSelected':
      if (!s.shapes.some((x) => x.key === s.selected)) return s;
      return { ...s, history: pushed(s), shapes: s.shapes.filter((x) => x.key !== s.selected), selected: null };
    case 'editSelected': {
      const key = s.selected;
      if (!key || !s.shapes.some((x) => x.key === key)) return s;
      return { ...s, history: a.record ? pushed(s) : s.history, shapes: changeShape(key, a.change)(s.shapes) };
    }
  }
}

/** Replaces the shape with `key` by f(shape). */
export const changeShape = (key: string, f: (s: Shape) => Shape) => (all: Shape[]) => all.map((x) => (x.key === key ? f(x) : x));
