// Registers <gaze-*> tags on demand, one element module (and its chunk) per tag: a host page that
// routes between elements (the dashboard) loads a screen's code when the screen is first shown,
// not all of it up front. The element files are found on disk like define-all.ts finds them, so a
// new element needs no line here. Side-effect free until a function is called.
/// <reference types="vite/client" />

const loaders = import.meta.glob('./elements/*/*.element.ts');

/** sdk/elements/<folder>/<folder>.element.ts defines gaze-<folder> (the project's convention). */
const byTag = new Map(Object.entries(loaders).map(([file, load]) => [`gaze-${file.split('/')[2]}`, load] as const));

/**
 * Loads and registers `tag`. Resolves true once it is defined, false when this build has no such
 * element. A tag whose folder does not follow the convention is found by loading every element.
 */
export async function loadElement(tag: `gaze-${string}`): Promise<boolean> {
  if (customElements.get(tag)) return true;
  const load = byTag.get(tag);
  if (load) await load();
  else await Promise.all([...byTag.values()].map((l) => l()));
  return customElements.get(tag) !== undefined;
}

export * from './index';
