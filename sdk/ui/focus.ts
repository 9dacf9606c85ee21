// Focus helpers that see through shadow roots: inside an element, document.activeElement is the
// host, so the focused control is found by walking each shadow root's own activeElement.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
  '[contenteditable="true"]',
].join(',');

/** The element that really has focus, inside any shadow roots. */
export function deepActiveElement(doc: Document | ShadowRoot = document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Controls reachable with Tab inside `container`, in document order. */
export function tabbables(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

export type InitialFocus = RefObject<HTMLElement | null> | string | undefined;

export interface FocusTrapOptions {
  /** A ref, or a selector inside the container; else the first field, else the first control, else the container. */
  initialFocus?: InitialFocus;
  /** Focus goes back to the control that had it before opening (default true). */
  restoreFocus?: boolean;
}

/**
 * While mounted: focus moves into `ref` (initial focus), Tab and Shift+Tab cycle inside it, and
 * on unmount focus returns to whatever had it before.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, { initialFocus, restoreFocus = true }: FocusTrapOptions = {}) {
  const initial = useRef(initialFocus);
  initial.current = initialFocus;
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const opener = deepActiveElement() as HTMLElement | null;
    const want = initial.current;
    const target =
      (typeof want === 'string' ? container.querySelector<HTMLElement>(want) : want?.current) ??
      container.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])') ??
      tabbables(container)[0] ??
      container;
    target.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const items = tabbables(container);
      if (items.length === 0) {
        e.preventDefault();
        container.focus();
        return;
      }
      const root = container.getRootNode() as Document | ShadowRoot;
      const active = root.activeElement;
      const first = items[0];
      const last = items[items.length - 1];
      const inside = active instanceof Node && container.contains(active);
      if (e.shiftKey && (!inside || active === first || active === container)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || active === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    container.addEventListener('keydown', onKey);
    return () => {
      container.removeEventListener('keydown', onKey);
      if (restoreFocus && opener && opener.isConnected) opener.focus();
    };
  }, [ref, restoreFocus]);
}
