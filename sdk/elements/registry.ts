// EVERY <gaze-*> tag with its attributes and events, in one typed map, and ELEMENTS, its runtime
// description (what each tag, attribute, event and part is for). defineElement() only accepts a key
// of the map, so an element missing here fails the type check; ELEMENTS must name exactly the
// tags, attributes and events of the map, or that fails too. The custom-elements manifest
// (dist/sdk/custom-elements.json, scripts/custom-elements-manifest.ts) is generated from ELEMENTS.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { User } from '../core/api/user';

/** Attributes every element understands; they configure that element (over its <gaze-provider>, over configure()). */
export interface CommonAttributes {
  'api-base'?: string;
  token?: string;
  'company-id'?: string | number;
  theme?: string;
}

/** Events every element may emit. All bubble and are composed. */
export interface CommonEvents {
  'gaze-navigate': { path: string };
}

export interface GazeElementRegistry {
  'gaze-login': {
    attributes: CommonAttributes & { view?: 'login' | 'forgot' | 'request'; 'contact-email'?: string };
    events: CommonEvents & { 'gaze-signed-in': { user: User } };
  };
  'gaze-account': { attributes: CommonAttributes; events: CommonEvents };
  'gaze-contact': { attributes: CommonAttributes; events: CommonEvents };
  'gaze-feedback': { attributes: CommonAttributes; events: CommonEvents };
  'gaze-home': { attributes: CommonAttributes; events: CommonEvents };
  'gaze-study-list': { attributes: CommonAttributes; events: CommonEvents };
  'gaze-demographics': {
    attributes: CommonAttributes & { 'study-id': string | number; 'study-name'?: string };
    events: CommonEvents;
  };
}

export type GazeTag = keyof GazeElementRegistry;
export type GazeAttributes<T extends GazeTag> = GazeElementRegistry[T]['attributes'];
export type GazeEvents<T extends GazeTag> = GazeElementRegistry[T]['events'];

export interface AttributeDoc {
  description: string;
  /** The attribute's type as TypeScript text, e.g. `'login' | 'forgot'`. */
  type: string;
  default?: string;
}

export interface EventDoc {
  description: string;
  /** Type of `event.detail` as TypeScript text. */
  detail: string;
}

export interface ElementDoc<T extends GazeTag> {
  description: string;
  attributes: { [A in keyof GazeAttributes<T>]-?: AttributeDoc };
  events: { [E in keyof GazeEvents<T>]-?: EventDoc };
  /** `part` name → what it is; hosts style these with `::part(name)`. */
  parts: Record<string, string>;
}

const COMMON_ATTRIBUTES: ElementDoc<GazeTag>['attributes'] = {
  'api-base': { type: 'string', description: "Base URL of the API, default same origin + '/v1.0'." },
  token: { type: 'string', description: "An API token to use instead of the signed-in user's (intranet widgets)." },
  'company-id': { type: 'string | number', description: 'Acting company id for a super user (sent as X-Company-Id).' },
  theme: { type: 'string', description: '`--gaze-*` overrides for this element, e.g. `primary: #7a3cff; radius: 8px`.' },
};

const COMMON_EVENTS: ElementDoc<GazeTag>['events'] = {
  'gaze-navigate': { detail: '{ path: string }', description: 'A link inside the element was followed; the host routes to `path`.' },
};

const FORM_PARTS = { card: 'The card around the form.', form: 'The form.', field: 'One labelled field.', button: 'A button.' };

export const ELEMENTS: { [T in GazeTag]: ElementDoc<T> } = {
  'gaze-login': {
    description:
      "Sign-in surface. `view=\"login\"` (default): username, password, 'Sign In'. `view=\"forgot\"`: " +
      'recover-password form (logs only). `view="request"`: how to request a login.',
    attributes: {
      ...COMMON_ATTRIBUTES,
      view: { type: "'login' | 'forgot' | 'request'", default: "'login'", description: 'Which of the three views to show.' },
      'contact-email': { type: 'string', description: 'Address shown on the request-login view (a mailto link).' },
    },
    events: {
      ...COMMON_EVENTS,
      'gaze-signed-in': { detail: '{ user: User }', description: 'After a successful sign-in started from this form.' },
    },
    parts: { ...FORM_PARTS, toggle: 'The show/hide password button.', error: 'A validation or sign-in error.' },
  },
  'gaze-account': {
    description: "The signed-in user's profile form (company name read-only).",
    attributes: COMMON_ATTRIBUTES,
    events: COMMON_EVENTS,
    parts: FORM_PARTS,
  },
  'gaze-contact': {
    description: "Contact-us form: e-mail and message; a green 'Success' after sending.",
    attributes: COMMON_ATTRIBUTES,
    events: COMMON_EVENTS,
    parts: { ...FORM_PARTS, success: "The 'Success' message." },
  },
  'gaze-feedback': {
    description: "Floating 'Ideas form' button and feedback panel (place once per page).",
    attributes: COMMON_ATTRIBUTES,
    events: COMMON_EVENTS,
    parts: {
      trigger: "The floating 'Ideas form' button.",
      panel: 'The feedback panel.',
      form: 'The form.',
      field: 'The message field.',
      button: 'A button.',
      toast: 'The outcome toast.',
    },
  },
  'gaze-home': {
    description:
      'Home: greeting with the first name, company name and logo, counts of live and completed studies ' +
      "(batches for batch users, derived by the server), and 'Create Study' for user type 1.",
    attributes: COMMON_ATTRIBUTES,
    events: COMMON_EVENTS,
    parts: {
      greeting: 'The greeting.',
      company: 'Company name and logo.',
      logo: 'The company logo.',
      counts: 'The live and completed counts.',
      'create-study': "The 'Create Study' link.",
    },
  },
  'gaze-study-list': {
    description:
      "My Studies: search ('Search my studies...', 500 ms debounce), filters (Live, Completed, Media, " +
      'Environment), sortable paged table; page size and pagination above and below the table. ' +
      'Fieldwork dates are hidden when the element is narrower than 900 px.',
    attributes: COMMON_ATTRIBUTES,
    events: COMMON_EVENTS,
    parts: {
      'study-list': 'The whole list.',
      toolbar: 'Search, filter toggle and Create Study.',
      search: 'The search box.',
      'filter-toggle': 'The button showing and hiding the filters.',
      filters: 'The filters.',
      'create-study': "The 'Create Study' link.",
      controls: 'Page size and pagination (above and below the table).',
      'page-size': 'The page-size selector.',
      pagination: 'The pagination.',
      table: 'The table.',
      participants: "A 'Participants Returned' cell.",
    },
  },
  'gaze-demographics': {
    description:
      'Participant demographics of one study: six pies (Gender, Age, Family, Earnings, Social grade, ' +
      "Ethnicity) each with an 'Other' slice, 'Limit to eyetracking', a filter dialog and CSV download.",
    attributes: {
      ...COMMON_ATTRIBUTES,
      'study-id': { type: 'string | number', description: 'The study whose respondents are summarised.' },
      'study-name': { type: 'string', description: "Title shown until the server's answer names the study." },
    },
    events: COMMON_EVENTS,
    parts: {
      demographics: 'The whole surface.',
      title: 'The title (the study name).',
      toolbar: 'The limit switch, filter toggle and download.',
      limit: "The 'Limit to eyetracking' switch.",
      'filter-toggle': 'The button opening the filter dialog.',
      download: 'The split download button.',
      'download-menu': 'The per-pie download menu.',
      pies: 'The grid of pies.',
      pie: 'One pie.',
      'no-data': 'The no-data image of a pie.',
      modal: 'The filter dialog.',
      error: 'The error message.',
    },
  },
};

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
