// defineElement: the one way a React surface becomes a <gaze-*> custom element.
//  - open shadow root; styled-components writes into it (StyleSheetManager target, pitfall 1)
//  - --gaze-* defaults on :host; the shared page store behind a private context
//  - common attributes api-base / token / company-id / theme configure THIS element (over its
//    <gaze-provider>, over configure()); the result travels in React context to every request
//  - defining the same tag twice is a no-op (an SDK loaded twice on one page); a second SDK
//    VERSION on the page warns once (the first copy's elements stay in charge)
//  - a failed read or write of the element is told to the host as a `gaze-error` event
//  - the elements it places by tag are its declared `dependencies`, loaded by it (not the host)
import { createElement, useCallback, useEffect, useState, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { StyleSheetManager } from 'styled-components';
import { ElementConfigProvider, ElementFailureContext, GazeProvider, useElementConfig, type ElementFailure } from '../core/store/context';
import { themeDeclarations, type ConfigLayer } from '../core/config/config';
import { findProvider, providerLayer, PROVIDER_ATTRIBUTES } from '../core/config/provider';
import { GazeGlobalStyle, paletteDeclarations, paletteOf } from '../ui/theme';
import { dispatchGazeEvent, GAZE_EVENTS } from '../ui/events';
import { SDK_VERSION } from './version';
import { HostContext, type HostInfo } from '../ui/host';
import type { GazeTag } from './registry';

/** r2wc attribute transforms: the attribute text is parsed into the prop type. */
export type PropType = 'string' | 'number' | 'boolean' | 'json';

/**
 * The other <gaze-*> elements an element renders by tag name, each with the loader of its
 * definition module (`() => import('../panels/panels.element')`), as Shoelace's
 * `static dependencies`: the element loads them itself, so its per-element build works alone on a
 * page that loads nothing else. A dynamic import keeps the inner element's code in its own chunk
 * (the one lint permission between element folders, docs/architecture.md).
 */
export type Dependencies = { readonly [T in GazeTag]?: () => Promise<unknown> };

export interface DefineOptions<P> {
  /** camelCase prop → type; the attribute is the kebab-case name (apiBase ↔ api-base). */
  props?: { [K in keyof P]?: PropType };
  /** The elements this one places by tag (loaded when the first instance renders). */
  dependencies?: Dependencies;
}

/** Per tag, the one load of its definition (several composites may share an inner element). */
const loading = new Map<string, Promise<unknown>>();

/**
 * Defines every dependency not defined yet (another build, the single file or the dashboard may
 * have done so). A failed load (network) is forgotten so the next instance tries again, and the
 * host hears of it: the inner block would otherwise stay empty without a word.
 */
function loadDependencies(dependencies: Dependencies, host: HTMLElement | null = null): Promise<unknown> {
  return Promise.all(
    (Object.entries(dependencies) as [GazeTag, () => Promise<unknown>][]).map(([tag, load]) => {
      if (customElements.get(tag)) return undefined;
      let pending = loading.get(tag);
      if (!pending) {
        pending = load().catch((e: unknown) => {
          loading.delete(tag);
          dispatchGazeEvent(host, GAZE_EVENTS.error, { kind: 'read', status: null, message: `<${tag}> could not be loaded: ${e instanceof Error ? e.message : String(e)}` });
        });
        loading.set(tag, pending);
      }
      return pending;
    }),
  );
}

interface CommonProps {
  apiBase?: string;
  token?: string;
  companyId?: string;
  theme?: string;
  container?: HTMLElement;
}

const COMMON: Record<keyof Omit<CommonProps, 'container'>, PropType> = {
  apiBase: 'string',
  token: 'string',
  companyId: 'string',
  theme: 'string',
};

/**
 * The nearest <gaze-provider>'s attributes, read during the first render (children's effects,
 * which fetch, run before ours) and followed afterwards.
 */
function useProviderLayer(host: Element | null): ConfigLayer {
  const [layer, setLayer] = useState(() => providerLayer(findProvider(host)));
  useEffect(() => {
    const provider = findProvider(host);
    setLayer(providerLayer(provider));
    if (!provider) return;
    const observer = new MutationObserver(() => setLayer(providerLayer(provider)));
    observer.observe(provider, { attributes: true, attributeFilter: [...PROVIDER_ATTRIBUTES] });
    return () => observer.disconnect();
  }, [host]);
  return layer;
}

/**
 * The resolved theme on :host: a named palette (`light` / `dark`) first, then the --gaze-*
 * overrides. `:host(:not(._))` outranks the defaults' plain `:host`; the host page's own CSS on
 * the element still wins over both.
 */
function ThemeStyle() {
  const { theme } = useElementConfig();
  const palette = paletteOf(theme);
  const declarations = `${palette ? paletteDeclarations(palette) : ''} ${themeDeclarations(theme)}`.trim();
  return declarations ? createElement('style', null, `:host(:not(._)) { ${declarations} }`) : null;
}

/** A provider's theme under the element's own: a provider's `dark` with the element's `primary: …`. */
function layeredTheme(provider: string | null | undefined, own: string | undefined): string | undefined {
  const parts = [provider, own].filter((t): t is string => Boolean(t && t.trim()));
  return parts.length ? parts.join('; ') : undefined;
}

// Style inputs are transient ($-prefixed, never forwarded); every other prop is meant for the DOM,
// including `part`, which styled-components' dev check does not know.
const forwardAll = () => true;

/** Hosts the component inside the shadow root with styles, store and host info. */
function shell<P extends object>(Component: ComponentType<P>, dependencies: Dependencies | undefined): ComponentType<P & CommonProps> {
  function GazeElementShell(all: P & CommonProps) {
    const { container, apiBase, token, companyId, theme, ...props } = all;
    const root = (container ?? null) as unknown as ShadowRoot | null;
    const hostElement = root && 'host' in root ? (root.host as HTMLElement) : null;
    useEffect(() => {
      if (dependencies) void loadDependencies(dependencies, hostElement);
    }, [hostElement]);
    const host: HostInfo = { host: hostElement, root };
    const provider = useProviderLayer(hostElement);
    const layers: ConfigLayer[] = [{ apiBase, token, companyId, theme: layeredTheme(provider.theme, theme) }, provider];
    const report = useCallback(
      (f: ElementFailure) => dispatchGazeEvent(hostElement, GAZE_EVENTS.error, { kind: f.kind, status: f.status, message: f.message }),
      [hostElement],
    );
    return createElement(
      StyleSheetManager,
      { target: root ?? undefined, shouldForwardProp: forwardAll },
      createElement(
        HostContext.Provider,
        { value: host },
        createElement(
          GazeProvider,
          null,
          createElement(
            ElementConfigProvider,
            { layers },
            createElement(GazeGlobalStyle),
            createElement(ThemeStyle),
            createElement(ElementFailureContext.Provider, { value: report }, createElement(Component, props as unknown as P)),
          ),
        ),
      ),
    );
  }
  GazeElementShell.displayName = `Gaze(${Component.displayName ?? Component.name ?? 'Element'})`;
  return GazeElementShell;
}

/** What every SDK copy on a page shares: who defined which tag, and which copies warned. */
interface PageRegistry {
  versions: string[];
  owners: Record<string, string>;
  warned: string[];
}

function pageRegistry(): PageRegistry {
  const g = globalThis as unknown as { __gazeboard?: PageRegistry };
  g.__gazeboard ??= { versions: [], owners: {}, warned: [] };
  if (!g.__gazeboard.versions.includes(SDK_VERSION)) g.__gazeboard.versions.push(SDK_VERSION);
  return g.__gazeboard;
}

/**
 * Another copy of the SDK defined `tag` first. The same version: silently keep it (the single
 * bundle and a per-element module of one release). Another version: warn once per copy, because
 * its elements, not this copy's, render every <gaze-*> of the page.
 */
function alreadyDefined(tag: string, page: PageRegistry): void {
  const owner = page.owners[tag];
  if (!owner || owner === SDK_VERSION || page.warned.includes(SDK_VERSION)) return;
  page.warned.push(SDK_VERSION);
  console.warn(
    `Gazeboard SDK ${SDK_VERSION}: <${tag}> and the other elements are already defined by Gazeboard SDK ${owner} on this page; ` +
      `the ${owner} elements stay in use and this copy defines nothing. Load one SDK version per page.`,
  );
}

export function defineElement<P extends object>(
  tag: GazeTag,
  Component: ComponentType<P>,
  options: DefineOptions<P> = {},
): CustomElementConstructor {
  const page = pageRegistry();
  const existing = customElements.get(tag);
  if (existing) {
    alreadyDefined(tag, page);
    return existing;
  }
  const props = { ...(options.props ?? {}), ...COMMON } as Record<string, PropType>;
  const ctor = r2wc(shell(Component, options.dependencies) as ComponentType<object>, { shadow: 'open', props: props as never });
  customElements.define(tag, ctor);
  page.owners[tag] = SDK_VERSION;
  return ctor;
}
