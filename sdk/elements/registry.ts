// EVERY <gaze-*> tag with its attributes and events, in one typed map. defineElement() only accepts
// a key of this map, so an element missing here fails the type check. JSDoc here is the public
// documentation of each element (and feeds the custom-elements manifest).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { User } from '../core/api/types';

/** Attributes every element understands; they configure the shared API client. */
export interface CommonAttributes {
  /** Base URL of the API, default same origin + '/v1.0'. */
  'api-base'?: string;
  /** An API token to use instead of the signed-in user's (intranet widgets). */
  token?: string;
  /** Acting company id for a super user (sent as X-Company-Id). */
  'company-id'?: string | number;
}

/** Events every element may emit. All bubble and are composed. */
export interface CommonEvents {
  /** A link inside the element was followed; the host routes to `path`. */
  'gaze-navigate': { path: string };
}

export interface GazeElementRegistry {
  /**
   * Sign-in surface. `view="login"` (default): username, password, 'Sign In'. `view="forgot"`:
   * recover-password form (logs only). `view="request"`: how to request a login.
   * @fires gaze-signed-in {user} after a successful sign-in
   * @fires gaze-navigate {path} '/forgot_password', '/request_login', '/login'
   * @part form, button, field, error
   */
  'gaze-login': {
    attributes: CommonAttributes & { view?: 'login' | 'forgot' | 'request'; 'contact-email'?: string };
    events: CommonEvents & { 'gaze-signed-in': { user: User } };
  };
  /**
   * The signed-in user's profile form (company name read-only).
   * @part form, button, field
   */
  'gaze-account': {
    attributes: CommonAttributes;
    events: CommonEvents;
  };
  /**
   * Contact-us form: e-mail and message; a green 'Success' after sending.
   * @part form, button, field, success
   */
  'gaze-contact': {
    attributes: CommonAttributes;
    events: CommonEvents;
  };
  /**
   * Floating 'Ideas form' button and feedback panel (place once per page).
   * @part trigger, panel, button, field, toast
   */
  'gaze-feedback': {
    attributes: CommonAttributes;
    events: CommonEvents;
  };
  /**
   * Home: greeting with the first name, company name and logo, counts of live and completed
   * studies (batches for batch users, derived by the server), and 'Create Study' for user type 1.
   * @fires gaze-navigate {path} '/create-study'
   * @part greeting, company, logo, counts, create-study
   */
  'gaze-home': {
    attributes: CommonAttributes;
    events: CommonEvents;
  };
  /**
   * My Studies: search ('Search my studies...', 500 ms debounce), filters (Live, Completed, Media,
   * Environment), sortable paged table; page size and pagination above and below the table.
   * Fieldwork dates are hidden when the element is narrower than 900 px.
   * @fires gaze-navigate {path} '/create-study', '/my_studies/overview/{id}'
   * @part toolbar, filters, filter-toggle, create-study, controls, table, pagination, page-size, search
   */
  'gaze-study-list': {
    attributes: CommonAttributes;
    events: CommonEvents;
  };
  /**
   * Participant demographics of one study: six pies (Gender, Age, Family, Earnings, Social grade,
   * Ethnicity) each with an 'Other' slice, 'Limit to eyetracking', a filter dialog and CSV download.
   * @part title, toolbar, pies, pie, no-data, download, download-menu, limit, filter-toggle, modal, error
   */
  'gaze-demographics': {
    attributes: CommonAttributes & {
      /** The study whose respondents are summarised. */
      'study-id': string | number;
      /** Title shown until the server's answer names the study. */
      'study-name'?: string;
    };
    events: CommonEvents;
  };
}

export type GazeTag = keyof GazeElementRegistry;
export type GazeAttributes<T extends GazeTag> = GazeElementRegistry[T]['attributes'];
export type GazeEvents<T extends GazeTag> = GazeElementRegistry[T]['events'];

/** Typed listener helper: on(el, 'gaze-signed-in', (e) => e.detail.user). */
export function on<T extends GazeTag, E extends keyof GazeEvents<T> & string>(
  el: HTMLElementTagNameMap[T],
  type: E,
  listener: (e: CustomEvent<GazeEvents<T>[E]>) => void,
): () => void {
  const l = listener as EventListener;
  el.addEventListener(type, l);
  return () => el.removeEventListener(type, l);
}

type GazeJsx = {
  [T in GazeTag]: DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & GazeAttributes<T> & { class?: string };
};

declare global {
  interface HTMLElementTagNameMap extends Record<GazeTag, HTMLElement> {}
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends GazeJsx {}
  }
}
