// The typed element registry: GazeElementRegistry (tag → attributes and events), merged into by
// every element file, and the attributes and events all elements share. What each tag, attribute,
// event and part is for lives in the JSDoc of its `<folder>.element.ts` (@element, @attr, @fires,
// @csspart); scripts/custom-elements-manifest.ts reads it from there.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { GazeEventDetails } from '../ui/events';

export type { GazeEventDetails, GazeEventMap, GazeEventName, NavigateDetail, StudyCreatedDetail, SelectionChangeDetail, ErrorDetail } from '../ui/events';
export { GAZE_EVENTS } from '../ui/events';

/**
 * `theme`: a palette (`light`, `dark`), `--gaze-*` overrides (`primary: #7a3cff; radius: 8px`), or
 * both (`dark; primary: #7a3cff`). Typed so `theme="purple"` is a compile error in a TS host.
 */
export type ThemeValue = 'light' | 'dark' | `${'light' | 'dark'}; ${string}` | `${string}:${string}`;

/** Attributes every element understands; they configure that element (over its <gaze-provider>, over configure()). */
export interface CommonAttributes {
  'api-base'?: string;
  token?: string;
  'company-id'?: string | number;
  theme?: ThemeValue;
}

/** Events every element may emit. All bubble and are composed (details: sdk/ui/events.ts). */
export interface CommonEvents {
  'gaze-navigate': GazeEventDetails['gaze-navigate'];
  'gaze-error': GazeEventDetails['gaze-error'];
}

/**
 * EVERY <gaze-*> tag with its attributes and events. Empty here on purpose: each
 * `<folder>.element.ts` adds its own tag by interface merging (`declare module '../registry'`), so
 * a new element edits no central file. defineElement() only accepts a key of the merged map.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GazeElementRegistry {}

export type GazeTag = keyof GazeElementRegistry;
export type GazeAttributes<T extends GazeTag> = GazeElementRegistry[T]['attributes'];
export type GazeEvents<T extends GazeTag> = GazeElementRegistry[T]['events'];

/** The attributes every element understands, as the manifest documents them (element JSDoc adds its own). */
export const COMMON_ATTRIBUTES: Record<keyof CommonAttributes, { type: string; description: string }> = {
  'api-base': { type: 'string', description: "Base URL of the API, default same origin + '/v1.0'." },
  token: { type: 'string', description: "An API token to use instead of the signed-in user's (intranet widgets)." },
  'company-id': { type: 'string | number', description: 'Acting company id for a super user (sent as X-Company-Id).' },
  theme: { type: 'string', description: 'A palette (`light` | `dark`) and/or `--gaze-*` overrides for this element, e.g. `dark; primary: #7a3cff; radius: 8px`.' },
};

/** The events every element may emit, as the manifest documents them. */
export const COMMON_EVENTS: Record<keyof CommonEvents, { detail: string; description: string }> = {
  'gaze-navigate': { detail: '{ path: string }', description: 'A link inside the element was followed; the host routes to `path`.' },
  'gaze-error': { detail: "{ kind: 'read' | 'write', status: number | null, message: string }", description: 'A read or write of the element failed (the element shows its own message too).' },
};

/** Typed listener helper: on(el, 'gaze-signed-in', (e) => e.detail.user). */
export function on<T extends GazeTag, E extends keyof GazeEvents<T> & string>(
  el: GazeElement<T>,
  type: E,
  listener: (e: CustomEvent<GazeEvents<T>[E]>) => void,
): () => void {
  const l = listener as EventListener;
  el.addEventListener(type, l);
  return () => el.removeEventListener(type, l);
}

/** React 19 hands `on<event-name>` props of a custom element to addEventListener: typed here. */
type GazeEventProps<T extends GazeTag> = {
  [E in keyof GazeEvents<T> & string as `on${E}`]?: (event: CustomEvent<GazeEvents<T>[E]>) => void;
};

type GazeJsx = {
  [T in GazeTag]: DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & GazeAttributes<T> & GazeEventProps<T> & { class?: string };
} & {
  'gaze-provider': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & CommonAttributes & { class?: string };
};

/** A <gaze-*> element as TypeScript sees it: an HTMLElement whose attribute names are known. */
export interface GazeElement<T extends GazeTag> extends HTMLElement {
  /** Type-only brand (never set): lets on() infer the tag, and so its events, from an element. */
  readonly __gazeTag?: T;
  getAttribute(name: keyof GazeAttributes<T> & string): string | null;
  getAttribute(name: string): string | null;
  setAttribute(name: keyof GazeAttributes<T> & string, value: string): void;
  setAttribute(name: string, value: string): void;
}

declare global {
  interface HTMLElementTagNameMap extends GazeTagMap {}
}
type GazeTagMap = { [T in GazeTag]: GazeElement<T> } & { 'gaze-provider': HTMLElement };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends GazeJsx {}
  }
}
