// The custom-elements manifest against the element sources: every tag a *.element.ts defines is in
// it with the attributes that element observes and the events it emits (documented by the JSDoc of
// its element file), and define-all's glob registers every one of them. Chromium checks the built manifest against the built elements
// (bundle.element.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildManifest, elementClassName, elementDocs, elementModulePath, parseElementJsDoc } from '../../scripts/custom-elements-manifest';
import { THEME } from '../ui/tokens';
import { PROVIDER_ATTRIBUTES } from '../core/config/provider';
import type { GazeTag } from './registry';

const ELEMENTS_DIR = join(__dirname);
const COMMON = ['api-base', 'token', 'company-id', 'theme'];
const kebab = (camel: string) => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

interface Source {
  folder: string;
  tag: string;
  className: string;
  /** What r2wc observes: the common attributes plus the kebab-case names of `props`. */
  attributes: string[];
  /** Every literal `gaze-*` event the folder's components emit, gaze-navigate for a <Link>. */
  events: string[];
  /** Every literal part="…" in the folder's components. */
  parts: string[];
}

function readSources(): Source[] {
  return readdirSync(ELEMENTS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(ELEMENTS_DIR, d.name, `${d.name}.element.ts`)))
    // <gaze-provider> is a plain custom element (no React surface, no common attributes).
    .filter((d) => readFileSync(join(ELEMENTS_DIR, d.name, `${d.name}.element.ts`), 'utf8').includes('defineElement('))
    .map(({ name: folder }) => {
      const element = readFileSync(join(ELEMENTS_DIR, folder, `${folder}.element.ts`), 'utf8');
      const define = /export const (\w+) = defineElement\('(gaze-[a-z-]+)', \w+(?:, \{\s*props: \{([^}]*)\})?/.exec(element);
      if (!define) throw new Error(`${folder}.element.ts does not export a defineElement('gaze-…') call`);
      const props = [...(define[3] ?? '').matchAll(/(\w+):/g)].map((m) => kebab(m[1]));
      const components = readdirSync(join(ELEMENTS_DIR, folder))
        .filter((f) => f.endsWith('.tsx'))
        .map((f) => readFileSync(join(ELEMENTS_DIR, folder, f), 'utf8'))
        .join('\n');
      const events = [...components.matchAll(/emit\('(gaze-[a-z-]+)'/g)].map((m) => m[1]);
      if (/<(Link|ButtonLink|CreateLink)\b/.test(components)) events.push('gaze-navigate');
      const parts = [...components.matchAll(/part="([a-z-]+)"/g)].map((m) => m[1]);
      return { folder, tag: define[2], className: define[1], attributes: [...COMMON, ...props], events, parts };
    });
}

const sorted = (xs: string[]) => [...new Set(xs)].sort();

describe('custom-elements manifest', () => {
  const manifest = buildManifest();
  const sources = readSources();
  const declaration = (tag: string) => manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === tag);

  it('is schema 2.x with one module per element file, and exactly the defined tags', () => {
    expect(manifest.schemaVersion).toMatch(/^2\./);
    expect(sources.length).toBeGreaterThanOrEqual(7);
    // Issue 38: <gaze-provider> (a plain custom element) is listed too — it was the one missing.
    expect(sorted(manifest.modules.map((m) => m.declarations[0].tagName))).toEqual(sorted([...sources.map((s) => s.tag), 'gaze-provider']));
    // Each element file documents its own tag (@element matches the tag it defines).
    expect(sorted(elementDocs().map((d) => d.tag))).toEqual(sorted([...sources.map((s) => s.tag), 'gaze-provider']));
    for (const s of sources) {
      const module = manifest.modules.find((m) => m.declarations[0].tagName === s.tag)!;
      expect(module.path).toBe(`dist/sdk/elements/${s.folder}.js`);
      expect(module.path).toBe(elementModulePath(s.tag as GazeTag));
      expect(module.declarations[0]).toMatchObject({ kind: 'class', customElement: true, name: s.className });
      expect(elementClassName(s.tag as GazeTag)).toBe(s.className);
      expect(module.exports).toContainEqual({ kind: 'custom-element-definition', name: s.tag, declaration: { name: s.className, module: module.path } });
    }
  });

  it('issue 38: lists <gaze-provider> with exactly the attributes it observes, and no surface of its own', () => {
    const d = declaration('gaze-provider')!;
    expect(d).toMatchObject({ kind: 'class', customElement: true, name: 'GazeProviderElement' });
    expect(sorted(d.attributes.map((a) => a.name))).toEqual(sorted([...PROVIDER_ATTRIBUTES]));
    expect(d.events).toEqual([]);
    expect(manifest.modules.find((m) => m.declarations[0].tagName === 'gaze-provider')!.path).toBe('dist/sdk/elements/provider.js');
  });

  it('lists the attributes each element observes, with types and descriptions', () => {
    for (const s of sources) {
      const d = declaration(s.tag)!;
      expect(sorted(d.attributes.map((a) => a.name)), s.tag).toEqual(sorted(s.attributes));
      for (const a of d.attributes) expect(a.description && a.type.text, `${s.tag} ${a.name}`).toBeTruthy();
    }
    expect(declaration('gaze-login')!.attributes.find((a) => a.name === 'view')).toMatchObject({
      type: { text: "'login' | 'forgot' | 'request' | 'reset'" },
      default: "'login'",
    });
  });

  it('lists every event an element emits and every part it renders', () => {
    for (const s of sources) {
      const d = declaration(s.tag)!;
      const events = d.events.map((e) => e.name);
      for (const e of s.events) expect(events, `${s.tag} emits ${e}`).toContain(e);
      for (const e of d.events) expect(e.type.text).toMatch(/^CustomEvent<\{.+\}>$/);
      const parts = d.cssParts.map((p) => p.name);
      for (const p of s.parts) expect(parts, `${s.tag} renders part ${p}`).toContain(p);
    }
    expect(declaration('gaze-login')!.events.map((e) => e.name)).toEqual(['gaze-navigate', 'gaze-error', 'gaze-signed-in']);
  });

  it('lists the --gaze-* theme properties with their defaults', () => {
    const props = declaration('gaze-home')!.cssProperties;
    expect(props.map((p) => p.name)).toEqual(Object.values(THEME).map((t) => t.property));
    expect(props.find((p) => p.name === '--gaze-primary')).toMatchObject({ default: '#00badb' });
  });

  it('define-all.ts registers every element file (its glob matches each one)', () => {
    const defineAll = readFileSync(join(ELEMENTS_DIR, '..', 'define-all.ts'), 'utf8');
    const [, pattern] = /import\.meta\.glob\('([^']+)', \{ eager: true \}\)/.exec(defineAll) ?? [];
    expect(pattern).toBeTruthy();
    const glob = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`);
    for (const s of sources) expect(`./elements/${s.folder}/${s.folder}.element.ts`, s.folder).toMatch(glob);
  });

  it('reads @element, @attr (with a default), @fires and @csspart from the JSDoc', () => {
    const doc = parseElementJsDoc(`/**
 * Two
 * lines.
 *
 * @element gaze-x
 * @attr {'a' | 'b'} [mode='a'] - The mode.
 * @attr {string} label - A
 *   long label.
 * @fires {{ id: number }} gaze-picked - After a pick.
 * @csspart card - The card.
 */`);
    expect(doc).toEqual({
      tag: 'gaze-x',
      description: 'Two lines.',
      attributes: [
        { name: 'mode', type: "'a' | 'b'", default: "'a'", description: 'The mode.' },
        { name: 'label', type: 'string', description: 'A long label.' },
      ],
      events: [{ name: 'gaze-picked', detail: '{ id: number }', description: 'After a pick.' }],
      parts: [{ name: 'card', description: 'The card.' }],
    });
    expect(() => parseElementJsDoc('/** no tag */')).toThrow(/@element/);
  });
});
