// The built single-file bundle (npm run build:sdk → dist/sdk/gazeboard.js) in a page with nothing
// else: one module import must register every tag of the built manifest (dist/sdk/custom-elements.json),
// each observing the attributes the manifest lists, and render styled UI. Skipped before a build.
import { expect } from '@open-wc/testing';
import { describe, it } from './test-utils';

const BUNDLE = '/dist/sdk/gazeboard.js';
const MANIFEST = '/dist/sdk/custom-elements.json';
// Imported at run time by URL: neither esbuild nor the test server may touch this import.
const load = new Function('u', 'return import(u)') as (url: string) => Promise<unknown>;

interface Manifest {
  modules: { declarations: { tagName: string; attributes: { name: string }[] }[] }[];
}

describe('dist/sdk/gazeboard.js', () => {
  it('one script registers every tag and renders styled elements', async function (this: { skip(): void }) {
    const head = await fetch(BUNDLE, { method: 'HEAD' });
    if (!head.ok) this.skip();
    const mod = (await load(new URL(BUNDLE, location.origin).href)) as { configure?: unknown };
    expect(typeof mod.configure).to.equal('function');
    const manifest = (await (await fetch(MANIFEST)).json()) as Manifest;
    const declarations = manifest.modules.flatMap((m) => m.declarations);
    expect(declarations.map((d) => d.tagName)).to.include.members(['gaze-login', 'gaze-account', 'gaze-contact', 'gaze-feedback']);
    for (const d of declarations) {
      const ctor = customElements.get(d.tagName) as (CustomElementConstructor & { observedAttributes?: string[] }) | undefined;
      expect(ctor, d.tagName).to.exist;
      expect([...(ctor!.observedAttributes ?? [])].sort(), d.tagName).to.deep.equal(d.attributes.map((a) => a.name).sort());
    }
    const el = document.createElement('gaze-login');
    document.body.appendChild(el);
    for (let i = 0; i < 200 && !el.shadowRoot?.querySelector('button[type="submit"]'); i++) await new Promise((r) => setTimeout(r, 10));
    const button = el.shadowRoot!.querySelector('button[type="submit"]')!;
    expect(button.textContent).to.equal('Sign In');
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(0, 186, 219)');
    // Loading the bundle a second time defines nothing new and throws nothing.
    await load(new URL(`${BUNDLE}?again`, location.origin).href);
    el.remove();
  });
});
