// The custom-elements manifest (schema 2.x, https://github.com/webcomponents/custom-elements-manifest)
// of the SDK, generated from the registry's ELEMENTS and the theme's THEME: one module per element
// file (dist/sdk/elements/<folder>.js). vite.lib.config.ts writes it to dist/sdk/custom-elements.json
// during `npm run build:sdk`; sdk/elements/manifest.test.ts checks it against the element sources.
import { ELEMENTS, type AttributeDoc, type EventDoc, type GazeTag } from '../sdk/elements/registry';
import { THEME } from '../sdk/ui/tokens';

export const MANIFEST_SCHEMA_VERSION = '2.1.0';

/** 'gaze-study-list' → its folder 'study-list' (sdk/elements/study-list/study-list.element.ts). */
export const elementFolder = (tag: GazeTag) => tag.replace(/^gaze-/, '');

/** 'gaze-study-list' → 'GazeStudyListElement', the class its *.element.ts exports. */
export const elementClassName = (tag: GazeTag) =>
  `${tag.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join('')}Element`;

/** Path of the built module, relative to the package root (where package.json points at the manifest). */
export const elementModulePath = (tag: GazeTag) => `dist/sdk/elements/${elementFolder(tag)}.js`;

export function buildManifest() {
  const cssProperties = Object.values(THEME).map((t) => ({ name: t.property, description: t.description, default: t.default }));
  const tags = Object.keys(ELEMENTS) as GazeTag[];
  return {
    schemaVersion: MANIFEST_SCHEMA_VERSION,
    readme: 'docs/embedding.md',
    modules: tags.map((tag) => {
      const doc = ELEMENTS[tag];
      const path = elementModulePath(tag);
      const name = elementClassName(tag);
      const attributes = Object.entries(doc.attributes as Record<string, AttributeDoc>).map(([attr, a]) => ({
        name: attr,
        type: { text: a.type },
        description: a.description,
        ...(a.default !== undefined ? { default: a.default } : {}),
      }));
      const events = Object.entries(doc.events as Record<string, EventDoc>).map(([event, e]) => ({
        name: event,
        type: { text: `CustomEvent<${e.detail}>` },
        description: `${e.description} Bubbles and is composed.`,
      }));
      return {
        kind: 'javascript-module',
        path,
        declarations: [
          {
            kind: 'class',
            name,
            tagName: tag,
            customElement: true,
            description: doc.description,
            superclass: { name: 'HTMLElement' },
            attributes,
            events,
            cssParts: Object.entries(doc.parts).map(([part, description]) => ({ name: part, description })),
            cssProperties,
          },
        ],
        exports: [
          { kind: 'js', name, declaration: { name, module: path } },
          { kind: 'custom-element-definition', name: tag, declaration: { name, module: path } },
        ],
      };
    }),
  };
}

export type CustomElementsManifest = ReturnType<typeof buildManifest>;
