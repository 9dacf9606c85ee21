// defineElement: the one way a React surface becomes a <gaze-*> custom element.
//  - open shadow root; styled-components writes into it (StyleSheetManager target, pitfall 1)
//  - --gaze-* defaults on :host; the shared page store behind a private context
//  - common attributes api-base / token / company-id / theme configure THIS element (over its
//    <gaze-provider>, over configure()); the result travels in React context to every request
//  - defining the same tag twice is a no-op (an SDK loaded twice on one page)
import { createElement, useEffect, useState, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { StyleSheetManager } from 'styled-components';
import { ElementConfigProvider, GazeProvider, useElementConfig } from '../core/store/context';
import { themeDeclarations, type ConfigLayer } from '../core/config/config';
import { findProvider, providerLayer, PROVIDER_ATTRIBUTES } from '../core/config/provider';
import { GazeGlobalStyle } from '../ui/theme';
import { HostContext, type HostInfo } from '../ui/host';
import type { GazeTag } from './registry';

/** r2wc attribute transforms: the attribute text is parsed into the prop type. */
export type PropType = 'string' | 'number' | 'boolean' | 'json';

export interface DefineOptions<P> {
  /** camelCase prop → type; the attribute is the kebab-case name (apiBase ↔ api-base). */
  props?: { [K in keyof P]?: PropType };
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
 * The resolved theme as --gaze-* custom properties on :host. `:host(:not(._))` outranks the
 * defaults' plain `:host`; the host page's own CSS on the element still wins over both.
 */
function ThemeStyle() {
  const declarations = themeDeclarations(useElementConfig().theme);
  return declarations ? createElement('style', null, `:host(:not(._)) { ${declarations} }`) : null;
}

// Style inputs are transient ($-prefixed, never forwarded); every other prop is meant for the DOM,
// including `part`, which styled-components' dev check does not know.
const forwardAll = () => true;

/** Hosts the component inside the shadow root with styles, store and host info. */
function shell<P extends object>(Component: ComponentType<P>): ComponentType<P & CommonProps> {
  function GazeElementShell(all: P & CommonProps) {
    const { container, apiBase, token, companyId, theme, ...props } = all;
    const root = (container ?? null) as unknown as ShadowRoot | null;
    const hostElement = root && 'host' in root ? (root.host as HTMLElement) : null;
    const host: HostInfo = { host: hostElement, root };
    const provider = useProviderLayer(hostElement);
    const layers: ConfigLayer[] = [{ apiBase, token, companyId, theme }, provider];
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
            createElement(Component, props as unknown as P),
          ),
        ),
      ),
    );
  }
  GazeElementShell.displayName = `Gaze(${Component.displayName ?? Component.name ?? 'Element'})`;
  return GazeElementShell;
}

export function defineElement<P extends object>(
  tag: GazeTag,
  Component: ComponentType<P>,
  options: DefineOptions<P> = {},
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  const props = { ...(options.props ?? {}), ...COMMON } as Record<string, PropType>;
  const ctor = r2wc(shell(Component) as ComponentType<object>, { shadow: 'open', props: props as never });
  customElements.define(tag, ctor);
  return ctor;
}
