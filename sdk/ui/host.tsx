// What an element knows about where it lives: its host element, its shadow root, and how to tell
// the host page something happened. Provided by defineElement; usable by any component below it.
import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { GAZE_EVENTS, type NavigateDetail } from './events';

export type { NavigateDetail } from './events';

export interface HostInfo {
  /** The custom element itself (null when a component renders outside an element, e.g. unit tests). */
  host: HTMLElement | null;
  /** Where dialogs and overlays render: the shadow root (or document.body outside an element). */
  root: ShadowRoot | HTMLElement | null;
}

export const HostContext = createContext<HostInfo>({ host: null, root: null });

export function useHost(): HostInfo {
  return useContext(HostContext);
}

/** Events bubble and are composed so listeners outside the shadow root hear them. */
export function emitFrom<T>(target: EventTarget | null, name: string, detail?: T): void {
  (target ?? (typeof window !== 'undefined' ? window : null))?.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true }),
  );
}

export function useEmit() {
  const { host } = useHost();
  return useCallback(<T,>(name: string, detail?: T) => emitFrom(host, name, detail), [host]);
}

export const NAVIGATE_EVENT = GAZE_EVENTS.navigate;

export function useNavigate() {
  const emit = useEmit();
  return useCallback((path: string) => emit<NavigateDetail>(NAVIGATE_EVENT, { path }), [emit]);
}

/**
 * A real link (right-click, open in new tab, and crawlers work) whose plain left click becomes a
 * `gaze-navigate` event: elements never move the window themselves, the host routes.
 */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useNavigate();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
