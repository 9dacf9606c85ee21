// Helpers for the UI kit's Chromium tests (sdk/ui/**/*.element.test.tsx). Not exported from the
// SDK. A piece renders the way an element renders it: into an open shadow root, styles written
// there by styled-components, HostContext pointing at that root, GazeGlobalStyle on :host.
// Keys and the mouse are real (puppeteer through @web/test-runner-commands), so focus moves as a
// person's Tab would move it.
import { StrictMode, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { StyleSheetManager } from 'styled-components';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { HostContext } from './host';
import { GazeGlobalStyle } from './theme';

export interface Mounted {
  host: HTMLElement;
  root: ShadowRoot;
  render: (ui: ReactElement) => Promise<void>;
  unmount: () => void;
}

const mounted: Mounted[] = [];
const forwardAll = () => true;

/** Renders `ui` inside a fresh shadow root on the page. */
export async function mount(ui: ReactElement, { width }: { width?: number } = {}): Promise<Mounted> {
  const host = document.createElement('div');
  host.setAttribute('data-ui-test', '');
  if (width) host.style.width = `${width}px`;
  document.body.appendChild(host);
  const root = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  root.appendChild(container);
  const react: Root = createRoot(container);
  const m: Mounted = {
    host,
    root,
    async render(next) {
      react.render(
        <StrictMode>
          <StyleSheetManager target={root} shouldForwardProp={forwardAll}>
            <HostContext.Provider value={{ host, root }}>
              <GazeGlobalStyle />
              {next}
            </HostContext.Provider>
          </StyleSheetManager>
        </StrictMode>,
      );
      await settle();
    },
    unmount() {
      react.unmount();
      host.remove();
    },
  };
  mounted.push(m);
  await m.render(ui);
  return m;
}

export function unmountAll(): void {
  while (mounted.length) mounted.pop()!.unmount();
}

/** Two animation frames: React's commit and the effects after it. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(() => r(null)));
  await new Promise((r) => setTimeout(r, 0));
}

export async function waitFor<T>(probe: () => T | null | undefined | false, message = 'condition', timeout = 5000): Promise<T> {
  const start = performance.now();
  for (;;) {
    const v = probe();
    if (v) return v;
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${message}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The focused element inside the shadow root (document.activeElement is the host). */
export function focused(m: Mounted): Element | null {
  return m.root.activeElement;
}

/** Press one key for real (e.g. 'Tab', 'ArrowDown', 'Space', 'Enter', 'Escape', 'Home'). */
export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
  await settle();
}

export async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
  await settle();
}

/** Moves the real mouse over the middle of `el`. */
export async function hover(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'move', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
  await settle();
}

export function q<T extends Element = HTMLElement>(m: Mounted, selector: string): T {
  const el = m.root.querySelector<T>(selector);
  if (!el) throw new Error(`No element matches ${selector}`);
  return el;
}

export function qa<T extends Element = HTMLElement>(m: Mounted, selector: string): T[] {
  return Array.from(m.root.querySelectorAll<T>(selector));
}

export function byText<T extends Element = HTMLElement>(m: Mounted, selector: string, text: string): T {
  const el = qa<T>(m, selector).find((x) => x.textContent?.trim() === text);
  if (!el) throw new Error(`No ${selector} with text "${text}"`);
  return el;
}

// Mocha's globals, typed here so tests need no global type package.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (this: any) => unknown;
interface MochaGlobals {
  describe: (title: string, fn: () => void) => void;
  it: (title: string, fn: Fn) => void;
  beforeEach: (fn: Fn) => void;
  afterEach: (fn: Fn) => void;
  before: (fn: Fn) => void;
  after: (fn: Fn) => void;
}
const g = globalThis as unknown as MochaGlobals;
export const describe: MochaGlobals['describe'] = (t, f) => g.describe(t, f);
export const it: MochaGlobals['it'] = (t, f) => g.it(t, f);
export const beforeEach: MochaGlobals['beforeEach'] = (f) => g.beforeEach(f);
export const afterEach: MochaGlobals['afterEach'] = (f) => g.afterEach(f);
export const before: MochaGlobals['before'] = (f) => g.before(f);
export const after: MochaGlobals['after'] = (f) => g.after(f);
