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
  return clampRect({ ...s, width: Math.max(1, s.width + dw), height: Math.max(1, s.height + dh) }, w, h);
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
