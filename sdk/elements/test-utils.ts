// Helpers for element tests in Chromium (sdk/elements/<x>/<x>.element.test.ts). Not exported from
// the SDK. HTTP is stubbed at the transport, so the real client (base URL, headers, 401
// handling) runs in every test.
import { setTransport, type ApiConfig } from '../core/api/client';
import { configure, getClientConfig } from '../core/page';
import { resetStore } from '../core/store/store';
import type { GazeTag } from './registry';
export { stubHttp, deferred, type RecordedRequest, type StubResponse, type StubHandler } from '../core/api/test-transport';

let pageApiBase = '/v1.0';

/**
 * Fresh page state: no stored session, no store yet, the real transport, the API at `apiBase`.
 * The store is made on first use (mount, getStore), from the storage the test has set up by then,
 * as on a real page where the stored session exists before the SDK loads.
 */
export function resetPage(apiBase: string): void {
  for (const el of Array.from(document.body.querySelectorAll('[data-test-mount]'))) el.remove();
  localStorage.clear();
  resetStore();
  setTransport();
  pageApiBase = apiBase;
}

/** The page's API config (configure() defaults over the session) — what an element without attributes uses. */
export function pageApi(): ApiConfig {
  configure({ apiBase: pageApiBase });
  const { apiBase, token, companyId } = getClientConfig();
  return { apiBase, token, companyId };
}

export async function mount(tag: GazeTag | 'gaze-provider', attrs: Record<string, string> = {}, parent: Element | ShadowRoot = document.body): Promise<HTMLElement> {
  configure({ apiBase: pageApiBase });
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.setAttribute('data-test-mount', '');
  parent.appendChild(el);
  if (tag !== 'gaze-provider') await waitFor(() => el.shadowRoot && el.shadowRoot.childElementCount > 0);
  return el;
}

/**
 * Polls until `probe` returns something truthy. A probe that throws (a field not rendered yet while
 * the element still shows its loading state) counts as "not yet"; its last error is what a
 * time-out reports. The time-out is generous because it only matters when a test fails: in CI
 * this suite shares two cores with the security suite, and a first render (lazy chunks, fonts)
 * took over 5 s there (a passing test returns as soon as its probe holds).
 */
export async function waitFor<T>(probe: () => T | null | undefined | false, message = 'condition', timeout = 15_000): Promise<T> {
  const start = performance.now();
  for (;;) {
    let v: T | null | undefined | false = undefined;
    let error: unknown = null;
    try {
      v = probe();
    } catch (e) {
      error = e;
    }
    if (v) return v;
    if (performance.now() - start > timeout) throw error instanceof Error ? error : new Error(`Timed out waiting for ${message}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function $(el: HTMLElement, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

export function $$(el: HTMLElement, selector: string): HTMLElement[] {
  return Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>(selector));
}

/** Visible text of the element's shadow tree. */
export function text(el: HTMLElement): string {
  return el.shadowRoot!.textContent ?? '';
}

export async function waitForText(el: HTMLElement, needle: string, timeout?: number): Promise<void> {
  await waitFor(() => text(el).includes(needle), `text "${needle}"`, timeout);
}

export function byLabel(el: HTMLElement, label: string): HTMLInputElement | HTMLTextAreaElement {
  const l = Array.from(el.shadowRoot!.querySelectorAll('label')).find((x) => x.textContent?.trim() === label);
  const id = l?.getAttribute('for');
  const input = id ? el.shadowRoot!.getElementById(id) : null;
  if (!input) throw new Error(`No field labelled "${label}"`);
  return input as HTMLInputElement;
}

export function buttonByText(el: HTMLElement, label: string): HTMLButtonElement {
  const b = Array.from(el.shadowRoot!.querySelectorAll('button')).find((x) => x.textContent?.trim() === label);
  if (!b) throw new Error(`No button "${label}"`);
  return b;
}

/** Type into a React-controlled field: React tracks the native value setter, so use it. */
export function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('blur', { bubbles: true }));
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

export interface SeenNavigation {
  path: string;
  composed: boolean;
  bubbles: boolean;
}

/** The gaze-navigate events that reached the document while `act` ran (links must not move the window). */
export function navigationsDuring(act: () => void): SeenNavigation[] {
  const seen: SeenNavigation[] = [];
  const listener = (e: Event) => {
    const ce = e as CustomEvent<{ path: string }>;
    seen.push({ path: ce.detail.path, composed: ce.composed, bubbles: ce.bubbles });
  };
  document.addEventListener('gaze-navigate', listener);
  try {
    act();
  } finally {
    document.removeEventListener('gaze-navigate', listener);
  }
  return seen;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Mocha's globals, typed once in the kit's test utils: import { describe, it, … } from '../test-utils'.
export { describe, it, beforeEach, afterEach, before, after } from '../ui/test-utils';
