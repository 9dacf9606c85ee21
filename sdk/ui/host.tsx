// What an element knows about where it lives: its host element, its shadow root, and how to tell
// the host page something happened. Provided by defineElement; usable by any component below it.
import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { dispatchGazeEvent, GAZE_EVENTS, type GazeEventDetails } from './events';

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

/**
 * Dispatches one of the declared element events (events.ts) from the element: bubbling and
 * composed, so listeners outside the shadow root hear it. Answers false when a cancelable event
 * was cancelled by the host.
 */
export function useEmit() {
  const { host } = useHost();
  return useCallback(<K extends keyof GazeEventDetails>(name: K, detail: GazeEventDetails[K], init?: { cancelable?: boolean }) =>
    dispatchGazeEvent(host, name, detail, init), [host]);
}

export const NAVIGATE_EVENT = GAZE_EVENTS.navigate;

export function useNavigate() {
  const emit = useEmit();
  return useCallback((path: string) => emit(GAZE_EVENTS.navigate, { path }), [emit]);
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
