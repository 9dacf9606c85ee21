// The AOI editor's pure steps (D2-222): geometry kept inside the stim, and the drawing reducer
// whose undo history the element relies on.
import { describe, expect, it } from 'vitest';
import { bbox, clampRect, editorReducer, initialEditor, moveShape, rectFrom, resizeShape, round, type EditorAction, type EditorState, type Shape } from './shapes';

const rect = (x: number, y: number, width: number, height: number, key = 'r'): Shape => ({ key, tag: key, shape: 'rect', x, y, width, height, points: null });
const poly = (points: [number, number][], key = 'p'): Shape => ({ key, tag: key, shape: 'polygon', points, ...bbox(points) });
const run = (actions: EditorAction[], from: EditorState = initialEditor) => actions.reduce(editorReducer, from);

describe('AOI geometry', () => {
  it('rectFrom takes any two corners; bbox bounds a polygon', () => {
    expect(rectFrom([400, 380], [300, 300])).toEqual({ x: 300, y: 300, width: 100, height: 80 });
    expect(bbox([[100, 100], [200, 100], [150, 200]])).toEqual({ x: 100, y: 100, width: 100, height: 100 });
    expect(round(12.345)).toBe(12.3);
  });

  it('moves a rectangle and keeps it inside the stim', () => {
    expect(moveShape(rect(10, 10, 100, 50), 15, -5, 600, 500)).toMatchObject({ x: 25, y: 5 });
    expect(moveShape(rect(10, 10, 100, 50), -50, -50, 600, 500)).toMatchObject({ x: 0, y: 0, width: 100, height: 50 });
    expect(moveShape(rect(10, 10, 100, 50), 1000, 1000, 600, 500)).toMatchObject({ x: 500, y: 450 });
  });

  it('moves a polygon as a whole, stopped at the edge without deforming it', () => {
    const p = poly([[100, 100], [200, 100], [150, 200]]);
    expect(moveShape(p, 10, 20, 600, 500).points).toEqual([[110, 120], [210, 120], [160, 220]]);
    const pushed = moveShape(p, 1000, -1000, 600, 500);
    expect(pushed.points).toEqual([[500, 0], [600, 0], [550, 100]]);
    expect(pushed).toMatchObject({ x: 500, y: 0, width: 100, height: 100 });
  });

  it('resizes a rectangle from its corner, at least 1 px, never past the stim; polygons are not resized', () => {
    expect(resizeShape(rect(10, 10, 100, 50), 20, 10, 600, 500)).toMatchObject({ x: 10, y: 10, width: 120, height: 60 });
    expect(resizeShape(rect(10, 10, 100, 50), -500, -500, 600, 500)).toMatchObject({ width: 1, height: 1 });
    expect(resizeShape(rect(500, 400, 50, 50), 200, 200, 600, 500)).toMatchObject({ width: 100, height: 100, x: 500, y: 400 });
    const p = poly([[1, 1], [5, 1], [3, 4]]);
    expect(resizeShape(p, 5, 5, 600, 500)).toBe(p);
  });

  it('clampRect fits a rectangle bigger than the stim', () => {
    expect(clampRect(rect(-20, -20, 900, 900), 600, 500)).toMatchObject({ x: 0, y: 0, width: 600, height: 500 });
  });
});

describe('editorReducer', () => {
  const loaded = run([{ type: 'load', shapes: [rect(10, 10, 100, 50, 'logo')] }]);

  it('draws a rectangle: tagged AOI n, selected, one undo step; a click without a drag leaves nothing behind', () => {
    let s = run([{ type: 'startRect', key: 'a', at: [300, 300] }, { type: 'live', change: (all) => all.map((x) => (x.key === 'a' ? { ...x, width: 100, height: 80 } : x)) }, { type: 'endRect', key: 'a' }], loaded);
    expect(s.shapes.map((x) => [x.tag, x.width, x.height])).toEqual([['logo', 100, 50], ['AOI 2', 100, 80]]);
    expect(s.selected).toBe('a');
    expect(s.history).toHaveLength(1);
    s = run([{ type: 'undo' }], s);
    expect(s.shapes.map((x) => x.tag)).toEqual(['logo']);
    expect(s.selected).toBeNull();

    const click = run([{ type: 'startRect', key: 'b', at: [5, 5] }, { type: 'endRect', key: 'b' }], loaded);
    expect(click.shapes).toEqual(loaded.shapes);
    expect(click.history).toEqual([]);
  });

  it('every event sees the state the previous one left, even before a render (the bug the element test found)', () => {
    // pointerdown then pointermove, no render between: the move changes the new rectangle, not a stale list.
    const s = run([{ type: 'startRect', key: 'a', at: [0, 0] }, { type: 'live', change: (all) => all.map((x) => (x.key === 'a' ? { ...x, width: 9, height: 9 } : x)) }], loaded);
    expect(s.shapes.find((x) => x.key === 'a')).toMatchObject({ width: 9, height: 9 });
  });

  it('closes a polygon only with three points or more', () => {
    const two = run([{ type: 'addPoint', at: [1, 1] }, { type: 'addPoint', at: [5, 1] }, { type: 'closePolygon', key: 'p' }], loaded);
    expect(two.shapes).toHaveLength(1);
    expect(two.draft).toEqual([]);
    const three = run([{ type: 'addPoint', at: [1, 1] }, { type: 'addPoint', at: [5, 1] }, { type: 'addPoint', at: [3, 4] }, { type: 'closePolygon', key: 'p' }], loaded);
    expect(three.shapes[1]).toMatchObject({ key: 'p', tag: 'AOI 2', shape: 'polygon', points: [[1, 1], [5, 1], [3, 4]], x: 1, y: 1, width: 4, height: 3 });
    expect(three.selected).toBe('p');
  });

  it('edits and deletes the selected AOI; with nothing selected both do nothing', () => {
    expect(run([{ type: 'deleteSelected' }], loaded)).toBe(loaded);
    expect(run([{ type: 'editSelected', record: true, change: (x) => ({ ...x, x: 99 }) }], loaded)).toBe(loaded);
    const s = run([{ type: 'select', key: 'logo' }, { type: 'editSelected', record: true, change: (x) => ({ ...x, x: 20 }) }, { type: 'editSelected', record: false, change: (x) => ({ ...x, tag: 'brand' }) }], loaded);
    expect(s.shapes[0]).toMatchObject({ x: 20, tag: 'brand' });
    expect(s.history).toHaveLength(1);
    const gone = run([{ type: 'deleteSelected' }], s);
    expect(gone.shapes).toEqual([]);
    expect(gone.selected).toBeNull();
    expect(run([{ type: 'undo' }], gone).shapes[0]).toMatchObject({ x: 20, tag: 'brand' });
  });

  it('a snapshot with no change after it (a click, a tag field left alone) is not an undo step', () => {
    expect(run([{ type: 'snapshot' }, { type: 'settle' }], loaded).history).toEqual([]);
    const moved = run([{ type: 'snapshot' }, { type: 'live', change: (all) => all.map((x) => ({ ...x, x: 50 })) }, { type: 'settle' }], loaded);
    expect(moved.history).toHaveLength(1);
    expect(run([{ type: 'undo' }], moved).shapes[0].x).toBe(10);
  });

  it('keeps the last 50 steps; undo with none left changes nothing; load starts a fresh history', () => {
    let s = run([{ type: 'select', key: 'logo' }], loaded);
    for (let i = 0; i < 60; i++) s = editorReducer(s, { type: 'editSelected', record: true, change: (x) => ({ ...x, y: x.y + 1 }) });
    expect(s.history).toHaveLength(50);
    for (let i = 0; i < 50; i++) s = editorReducer(s, { type: 'undo' });
    expect(s.shapes[0].y).toBe(20);
    expect(editorReducer(s, { type: 'undo' })).toBe(s);
    expect(run([{ type: 'load', shapes: [] }], s)).toEqual(initialEditor);
  });
});
