// Issue 22 item 2: gaze sources behind one interface — the mouse (the cursor is the gaze, labelled
// as such) and the simulated source (looks where it is aimed, the same way every run); the sampler
// records page px on the step clock, never twice in one ms and not while the page is hidden.
import { describe, expect, it } from 'vitest';
import { gazeSource, MouseSource, Sampler, SimulatedSource, TOUCH_HOLD_MS } from './gaze';
import type { GazeSource } from './source';

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

/** jsdom has no PointerEvent: a MouseEvent of that type carrying pointerType. */
function pointer(type: string, pointerType: string, x = 0, y = 0): MouseEvent {
  const e = new MouseEvent(type, { clientX: x, clientY: y });
  Object.defineProperty(e, 'pointerType', { value: pointerType });
  return e;
}
function touch(type: string, points: { clientX: number; clientY: number }[]): Event {
  const e = new Event(type);
  Object.defineProperty(e, 'touches', { value: points });
  return e;
}

describe('the pointer as gaze on every device (issue 35 item 6)', () => {
  it('a tap stays the gaze through the pointerleave a touch fires after it, for TOUCH_HOLD_MS once lifted', () => {
    let now = 1000;
    const m = new MouseSource(window, () => now);
    m.start();
    // What Chromium fires for one tap on a touch screen, in order.
    window.dispatchEvent(pointer('pointerdown', 'touch', 200, 300));
    window.dispatchEvent(pointer('pointerup', 'touch', 200, 300));
    document.documentElement.dispatchEvent(pointer('pointerleave', 'touch', 200, 300));
    expect(m.current()).toEqual({ x: 200, y: 300 });
    expect(m.label).toBe('Touch as gaze');
    now += TOUCH_HOLD_MS;
    expect(m.current()).toEqual({ x: 200, y: 300 });
    now += 1;
    expect(m.current()).toBeNull();
    // The next tap is the gaze again.
    window.dispatchEvent(pointer('pointerdown', 'touch', 50, 60));
    expect(m.current()).toEqual({ x: 50, y: 60 });
    m.stop();
  });
  it('a finger held down or dragging stays the gaze however long; a drag that scrolls (pointercancel) goes on through touchmove', () => {
    let now = 0;
    const m = new MouseSource(window, () => now);
    m.start();
    window.dispatchEvent(pointer('pointerdown', 'touch', 10, 10));
    window.dispatchEvent(pointer('pointermove', 'touch', 30, 40));
    now += 10 * TOUCH_HOLD_MS;
    expect(m.current()).toEqual({ x: 30, y: 40 });
    window.dispatchEvent(pointer('pointercancel', 'touch', 30, 40));
    window.dispatchEvent(touch('touchmove', [{ clientX: 35, clientY: 120 }]));
    now += 10 * TOUCH_HOLD_MS;
    expect(m.current()).toEqual({ x: 35, y: 120 });
    window.dispatchEvent(touch('touchend', []));
    now += TOUCH_HOLD_MS + 1;
    expect(m.current()).toBeNull();
    m.stop();
  });
  it('a pen gives the gaze while it presses or hovers and holds it when it leaves; a mouse leaving the page is no gaze at once', () => {
    let now = 0;
    const m = new MouseSource(window, () => now);
    m.start();
    window.dispatchEvent(pointer('pointermove', 'pen', 70, 80));
    now += 5000;
    expect(m.current()).toEqual({ x: 70, y: 80 });
    document.documentElement.dispatchEvent(pointer('pointerleave', 'pen', 70, 80));
    now += TOUCH_HOLD_MS - 1;
    expect(m.current()).toEqual({ x: 70, y: 80 });
    now += 2;
    expect(m.current()).toBeNull();

    const mouse = new MouseSource(window, () => now);
    mouse.start();
    window.dispatchEvent(pointer('pointermove', 'mouse', 5, 6));
    now += 60_000;
    expect(mouse.current()).toEqual({ x: 5, y: 6 });
    expect(mouse.label).toBe('Mouse cursor as gaze');
    document.documentElement.dispatchEvent(pointer('pointerleave', 'mouse', 5, 6));
    expect(mouse.current()).toBeNull();
    mouse.stop();
    m.stop();
  });
});
