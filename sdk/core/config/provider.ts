// <gaze-provider api-base token company-id theme>: configuration for every element inside it,
// found from an element by walking up its ancestors and out of shadow roots (a provider may sit
// around a host component that renders our elements inside its own shadow DOM).
import type { ConfigLayer } from './config';

export const PROVIDER_TAG = 'gaze-provider';
export const PROVIDER_ATTRIBUTES = ['api-base', 'token', 'company-id', 'theme'] as const;

/** The nearest <gaze-provider> around `from`, crossing shadow roots via their host. */
export function findProvider(from: Element | null): Element | null {
  let el: Element | null = from;
  while (el) {
    const hit = el.parentElement?.closest(PROVIDER_TAG) ?? null;
    if (hit) return hit;
    const root = el.getRootNode();
    el = typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

/** A provider's attributes as a config layer (absent attributes set nothing). */
export function providerLayer(provider: Element | null): ConfigLayer {
  if (!provider) return {};
  return {
    apiBase: provider.getAttribute('api-base'),
    token: provider.getAttribute('token'),
    companyId: provider.getAttribute('company-id'),
    theme: provider.getAttribute('theme'),
  };
}
