// Every event a <gaze-*> element dispatches, declared ONCE: its name and its detail type. All
// bubble and are composed (a listener on document hears them from inside any shadow root);
// `gaze-study-created` is also cancelable. Here (the kit, which imports nothing of ours) so the
// kit, the elements and hosts share one list; the global event maps below make
// `document.addEventListener('gaze-navigate', (e) => e.detail.path)` typed for TypeScript hosts.
// No imports: the custom-elements manifest and the element modules read it without side effects.
// The page-wide session events (WINDOW_EVENTS, fired on window by sdk/core's session saga) are
// listed here too, so there is one typed list; sdk/core may import this one file of the kit (linted).

export const GAZE_EVENTS = {
  /** A link inside an element was followed; the host routes to `path`. */
  navigate: 'gaze-navigate',
  /** A study was created by <gaze-study-wizard>; preventDefault() keeps the wizard from navigating. */
  studyCreated: 'gaze-study-created',
  /** The rows chosen in an element's table changed (study list, stim library, …). */
  selectionChange: 'gaze-selection-change',
  /** A read or write of an element failed (after the element showed its own message). */
  error: 'gaze-error',
  /** <gaze-login>: signed in (token and profile). */
  signedIn: 'gaze-signed-in',
  /** <gaze-stim-uploader>: one stim was created. */
  stimCreated: 'gaze-stim-created',
  /** <gaze-replay>: another respondent was picked (the host may put it in its address). */
  replayRespondent: 'gaze-replay-respondent',
} as const;

export type GazeEventName = (typeof GAZE_EVENTS)[keyof typeof GAZE_EVENTS];

/** Page-wide SDK events: fired on window (not bubbling) so a host hears them without holding an element. */
export const WINDOW_EVENTS = {
  /** A call carrying the session's own token got 401: the stored session was cleared. */
  sessionExpired: 'gaze-session-expired',
  /** signOut() revoked the token and cleared localStorage. */
  signedOut: 'gaze-signed-out',
} as const;

/** The detail of every window event, by name (no detail: `e.detail` is null). */
export interface GazeWindowEventDetails {
  'gaze-session-expired': null;
  'gaze-signed-out': null;
}

export type GazeWindowEventMap = { [K in keyof GazeWindowEventDetails]: CustomEvent<GazeWindowEventDetails[K]> };

/** Fires a page-wide SDK event on window (no-op outside a browser). */
export function emitWindowEvent<K extends keyof GazeWindowEventDetails>(name: K): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(name, { detail: null }));
}

export interface NavigateDetail {
  /** A dashboard path, e.g. `/my_studies/overview/12`. */
  path: string;
}

export interface StudyCreatedDetail {
  study_id: number;
  study_type_id: number;
  start_url: string;
  start_url_test: string;
  incontext_urls: { step_url: string; cell_name?: string }[];
  /** Where the wizard goes next unless the host calls preventDefault(). */
  path: string;
}

export interface SelectionChangeDetail {
  /** Keys of the chosen rows (study ids, stim ids, …), in the order they were chosen. */
  keys: (string | number)[];
}

export interface ErrorDetail {
  /** 'read' (a list, a report) or 'write' (a form, an action). */
  kind: 'read' | 'write';
  /** HTTP status, or null when the server was not reached. */
  status: number | null;
  /** The message the element shows. */
  message: string;
}

/** The detail of every event, by name (the one typed list). */
export interface GazeEventDetails {
  'gaze-navigate': NavigateDetail;
  'gaze-study-created': StudyCreatedDetail;
  'gaze-selection-change': SelectionChangeDetail;
  'gaze-error': ErrorDetail;
  // The signed-in user's shape is the API's (contract/user.ts); the kit does not import it.
  'gaze-signed-in': { user: { [key: string]: unknown } };
  'gaze-stim-created': { stim_id: number; name: string; stim_type: string };
  'gaze-replay-respondent': { participant: number };
}

export type GazeEventMap = { [K in keyof GazeEventDetails]: CustomEvent<GazeEventDetails[K]> };

/** Dispatches a typed element event from `target`: bubbles, composed (and cancelable when asked). */
export function dispatchGazeEvent<K extends keyof GazeEventDetails>(
  target: EventTarget | null,
  name: K,
  detail: GazeEventDetails[K],
  init: { cancelable?: boolean } = {},
): boolean {
  const to = target ?? (typeof window !== 'undefined' ? window : null);
  if (!to) return true;
  return to.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: init.cancelable ?? false }));
}

declare global {
  // Typed addEventListener on every element, the document and the window.
  interface HTMLElementEventMap extends GazeEventMap {}
  interface DocumentEventMap extends GazeEventMap {}
  interface WindowEventMap extends GazeEventMap, GazeWindowEventMap {}
}
