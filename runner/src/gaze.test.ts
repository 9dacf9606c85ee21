// Issue 22 item 2: gaze sources behind one interface — the mouse (the cursor is the gaze, labelled
// as such) and the simulated source (looks where it is aimed, the same way every run); the sampler
// records page px on the step clock, never twice in one ms and not while the page is hidden.
import { describe, expect, it } from 'vitest';
import { gazeSource, MouseSource, Sampler, SimulatedSource, type GazeSource } from './gaze';

describe('gaze sources (issue 22 item 2)', () => {
  it('mouse: the cursor position is the gaze, and the source says so', () => {
    const m = new MouseSource(window);
    m.start();
    expect(m.current()).toBeNull();
    window.dispatchEvent(new MouseEvent('pointermove', { clientX: 120, clientY: 80 }));
    expect(m.current()).toEqual({ x: 120, y: 80 });
    m.stop();
    window.dispatchEvent(new MouseEvent('pointermove', { clientX: 5, clientY: 5 }));
    expect(m.current()).toEqual({ x: 120, y: 80 });
    expect(m.label).toBe('Mouse cursor as gaze');
    expect(gazeSource(null).kind).toBe('mouse');
  });
  it('simulated: looks inside what it is aimed at, the same points on every run', () => {
    const a = new SimulatedSource(window, 7);
    const b = new SimulatedSource(window, 7);
    const target = { x: 100, y: 200, width: 300, height: 250 };
    a.aim(target);
    b.aim(target);
    for (let i = 0; i < 50; i++) {
      const p = a.current()!;
      expect(p).toEqual(b.current());
      expect(p.x).toBeGreaterThanOrEqual(100);
      expect(p.x).toBeLessThanOrEqual(400);
      expect(p.y).toBeGreaterThanOrEqual(200);
      expect(p.y).toBeLessThanOrEqual(450);
    }
    expect(gazeSource('simulated').kind).toBe('simulated');
  });
  it('sampler: page px (scroll added) on the step clock, one sample per ms at most, none while hidden', () => {
    let now = 0;
    const source: GazeSource = { kind: 'simulated', label: 's', start() {}, stop() {}, aim() {}, current: () => ({ x: 10, y: 20 }) };
    const win = { scrollX: 0, scrollY: 300, document: { visibilityState: 'visible' } } as unknown as Window;
    const s = new Sampler(source, () => now, win);
    s.take();
    s.take(); // same ms: dropped
    now = 33.4;
    s.take();
    (win.document as { visibilityState: string }).visibilityState = 'hidden';
    now = 66;
    s.take();
    expect(s.stop()).toEqual([[0, 10, 320], [33, 10, 320]]);
  });
});
