// defineElement: the one way a React surface becomes a <gaze-*> custom element.
//  - open shadow root; styled-components writes into it (StyleSheetManager target, pitfall 1)
//  - --gaze-* defaults on :host; the shared page store behind a private context
//  - common attributes api-base / token / company-id configure the one API client
//  - defining the same tag twice is a no-op (an SDK loaded twice on one page)
import { createElement, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { StyleSheetManager } from 'styled-components';
import { configure } from '../core/api/client';
import { GazeProvider } from '../core/store/context';
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
  container?: HTMLElement;
}

const COMMON: Record<keyof Omit<CommonProps, 'container'>, PropType> = {
  apiBase: 'string',
  token: 'string',
  companyId: 'string',
};

// Style inputs are transient ($-prefixed, never forwarded); every other prop is meant for the DOM,
// including `part`, which styled-components' dev check does not know.
const forwardAll = () => true;

/** Hosts the component inside the shadow root with styles, store and host info. */
function shell<P extends object>(Component: ComponentType<P>): ComponentType<P & CommonProps> {
  function GazeElementShell(all: P & CommonProps) {
    const { container, apiBase, token, companyId, ...props } = all;
    // Applied during render, before any child effect can dispatch a request with stale config.
    // configure() is idempotent, and attribute values are only set when present.
    if (apiBase || token || companyId) {
      configure({ ...(apiBase ? { apiBase } : {}), ...(token ? { token } : {}), ...(companyId ? { companyId } : {}) });
    }
    const root = (container ?? null) as unknown as ShadowRoot | null;
    const host: HostInfo = { host: root && 'host' in root ? (root.host as HTMLElement) : null, root };
    return createElement(
      StyleSheetManager,
      { target: root ?? undefined, shouldForwardProp: forwardAll },
      createElement(
        HostContext.Provider,
        { value: host },
        createElement(GazeProvider, null, createElement(GazeGlobalStyle), createElement(Component, props as unknown as P)),
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
