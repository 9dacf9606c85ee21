// Page-level entry points for hosts: the defaults every element falls back to, and the page's
// own config (for calls made for the page rather than for one element).
import { getStore } from './store/store';
import { configActions } from './config/slice';
import { selectPageConfig } from './config/selectors';
import type { ConfigLayer, ElementConfig } from './config/config';

/**
 * Page defaults for every element without its own attribute or <gaze-provider> value: any of
 * apiBase, token, companyId, theme. `null` clears a value, a missing key leaves it alone.
 */
export function configure(next: ConfigLayer): void {
  getStore().dispatch(configActions.configure(next));
}

/** The config a call made for the page uses: configure() defaults over the signed-in session. */
export function getClientConfig(): ElementConfig {
  return selectPageConfig(getStore().getState());
}
