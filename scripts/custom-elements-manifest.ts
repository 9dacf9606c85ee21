// The custom-elements manifest (schema 2.x, https://github.com/webcomponents/custom-elements-manifest)
// of the SDK, read from the element files themselves: every sdk/elements/<folder>/<folder>.element.ts
// that calls defineElement() is one module (dist/sdk/elements/<folder>.js), documented by the JSDoc
// above its export (@element, @attr, @fires, @csspart), plus the attributes and events every element
// shares (registry.ts) and the theme's THEME. No list of elements anywhere: a new folder is a new
// module. vite.lib.config.ts writes it to dist/sdk/custom-elements.json during `npm run build:sdk`;
// sdk/elements/manifest.test.ts checks it against the element sources.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMON_ATTRIBUTES, COMMON_EVENTS, type GazeTag } from '../sdk/elements/registry';
import { THEME } from '../sdk/ui/tokens';

export const MANIFEST_SCHEMA_VERSION = '2.1.0';
// From the repository root (every build and test runs there; import.meta.url is no file: URL under jsdom).
export const ELEMENTS_DIR = join(process.cwd(), 'sdk', 'elements');

/** 'gaze-study-list' → its folder 'study-list' (sdk/elements/study-list/study-list.element.ts). */
export const elementFolder = (tag: GazeTag | string) => tag.replace(/^gaze-/, '');

/** 'gaze-study-list' → 'GazeStudyListElement', the class its *.element.ts exports. */
export const elementClassName = (tag: GazeTag | string) =>
  `${tag.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join('')}Element`;

/** Path of the built module, relative to the package root (where package.json points at the manifest). */
export const elementModulePath = (tag: GazeTag | string) => `dist/sdk/elements/${elementFolder(tag)}.js`;

export interface ElementJsDoc {
  tag: string;
  description: string;
  attributes: { name: string; type: string; description: string; default?: string }[];
  events: { name: string; detail: string; description: string }[];
  parts: { name: string; description: string }[];
}

/** `{…}` at the start of `s`, braces balanced (event details are object types): [inner, rest]. */
function braced(s: string): [string, string] {
  if (s[0] !== '{') throw new Error(`expected {type} in "${s}"`);
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return [s.slice(1, i).trim(), s.slice(i + 1).trim()];
  }
  throw new Error(`unbalanced braces in "${s}"`);
}

/** `name - text` or `[name=default] - text`. */
function named(s: string): { name: string; default?: string; description: string } {
  const m = /^(\[([\w-]+)=([^\]]+)\]|[\w-]+)\s+-\s+([\s\S]+)$/.exec(s);
  if (!m) throw new Error(`expected "name - description" in "${s}"`);
  return m[2] ? { name: m[2], default: m[3], description: m[4] } : { name: m[1], description: m[4] };
}

/** The JSDoc block carrying `@element` in an element file's source. */
export function parseElementJsDoc(source: string, file = 'element file'): ElementJsDoc {
  const block = [...source.matchAll(/\/\*\*([\s\S]*?)\*\//g)].map((m) => m[1]).find((b) => /@element\s/.test(b));
  if (!block) throw new Error(`${file}: no JSDoc with @element`);
  const text = block.split('\n').map((l) => l.replace(/^\s*\* ?/, '')).join('\n');
  const [head, ...tags] = text.split(/\n(?=@)/);
  const doc: ElementJsDoc = { tag: '', description: head.trim().replace(/\s*\n\s*/g, ' '), attributes: [], events: [], parts: [] };
  for (const raw of tags) {
    const t = raw.trim().replace(/\s*\n\s*/g, ' ');
    const [, kind, rest] = /^@(\w+)\s*([\s\S]*)$/.exec(t)!;
    if (kind === 'element') doc.tag = rest.trim();
    else if (kind === 'attr') {
      const [type, after] = braced(rest);
      doc.attributes.push({ type, ...named(after) });
    } else if (kind === 'fires') {
      const [detail, after] = braced(rest);
      const n = named(after);
      doc.events.push({ name: n.name, detail, description: n.description });
    } else if (kind === 'csspart') doc.parts.push(named(rest));
  }
  if (!/^gaze-[a-z0-9-]+$/.test(doc.tag)) throw new Error(`${file}: @element must name a gaze-* tag`);
  return doc;
}

/**
 * Every element folder. `plain`: a custom element without a React surface (<gaze-provider>): its
 * JSDoc lists all it observes, and it has none of the common attributes, events or theme
 * properties of the defineElement() elements.
 */
export function elementDocs(dir = ELEMENTS_DIR): (ElementJsDoc & { folder: string; plain: boolean })[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, `${d.name}.element.ts`)))
    .map((d) => ({ folder: d.name, source: readFileSync(join(dir, d.name, `${d.name}.element.ts`), 'utf8') }))
    .sort((a, b) => a.folder.localeCompare(b.folder))
    .map(({ folder, source }) => ({ folder, plain: !source.includes('defineElement('), ...parseElementJsDoc(source, `${folder}.element.ts`) }));
}

export function buildManifest(dir = ELEMENTS_DIR) {
  const cssProperties = Object.values(THEME).map((t) => ({ name: t.property, description: t.description, default: t.default }));
  const common = Object.entries(COMMON_ATTRIBUTES).map(([name, a]) => ({ name, ...a }));
  const commonEvents = Object.entries(COMMON_EVENTS).map(([name, e]) => ({ name, ...e }));
  return {
    schemaVersion: MANIFEST_SCHEMA_VERSION,
    readme: 'docs/embedding.md',
    modules: elementDocs(dir).map((doc) => {
      const { tag } = doc;
      const path = elementModulePath(tag);
      const name = elementClassName(tag);
      const attributes = [...(doc.plain ? [] : common), ...doc.attributes].map((a) => ({
        name: a.name,
        type: { text: a.type },
        description: a.description,
        ...('default' in a && a.default !== undefined ? { default: a.default } : {}),
      }));
      const events = [...(doc.plain ? [] : commonEvents), ...doc.events].map((e) => ({
        name: e.name,
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
            cssParts: doc.parts.map((p) => ({ name: p.name, description: p.description })),
            cssProperties: doc.plain ? [] : cssProperties,
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
