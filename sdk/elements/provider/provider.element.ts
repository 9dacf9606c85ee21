// <gaze-provider>: no UI of its own (display: contents); elements inside it read its attributes
// (core/config/provider.ts) when they mount and follow later changes.
import { PROVIDER_ATTRIBUTES, PROVIDER_TAG } from '../../core/config/provider';

/**
 * Configuration for every Gazeboard element inside it, also inside nested shadow roots. An
 * element's own attributes win over the provider's; the provider's win over configure().
 *
 * @element gaze-provider
 * @attr {string} api-base - Base URL of the API for the elements inside.
 * @attr {string} token - API token for the elements inside (instead of the signed-in user's).
 * @attr {string | number} company-id - Acting company for the elements inside (X-Company-Id).
 * @attr {string} theme - `--gaze-*` overrides for the elements inside, e.g. `primary: #7a3cff; radius: 8px`.
 */
export class GazeProviderElement extends HTMLElement {
  static observedAttributes = [...PROVIDER_ATTRIBUTES];

  connectedCallback(): void {
    if (!this.style.display) this.style.display = 'contents';
  }
}

if (typeof customElements !== 'undefined' && !customElements.get(PROVIDER_TAG)) customElements.define(PROVIDER_TAG, GazeProviderElement);
