// The typed element registry: GazeElementRegistry (tag → attributes and events), merged into by
// every element file, and the attributes and events all elements share. What each tag, attribute,
// event and part is for lives in the JSDoc of its `<folder>.element.ts` (@element, @attr, @fires,
// @csspart); scripts/custom-elements-manifest.ts reads it from there.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

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
  theme: { type: 'string', description: '`--gaze-*` overrides for this element, e.g. `primary: #7a3cff; radius: 8px`.' },
};

/** The events every element may emit, as the manifest documents them. */
export const COMMON_EVENTS: Record<keyof CommonEvents, { detail: string; description: string }> = {
  'gaze-navigate': { detail: '{ path: string }', description: 'A link inside the element was followed; the host routes to `path`.' },
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
