// Page-wide SDK events go to window so a host hears them without holding a reference to an element.
export const WINDOW_EVENTS = {
  sessionExpired: 'gaze-session-expired',
  signedOut: 'gaze-signed-out',
} as const;

export function emitWindow<T>(name: string, detail?: T): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
