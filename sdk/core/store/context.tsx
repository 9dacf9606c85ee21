// A PRIVATE react-redux context: a host page's own <Provider> can never reach or shadow ours. Below
// it, each element's resolved config (core/config) in a second context.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Provider, createDispatchHook, createSelectorHook, createStoreHook, type ReactReduxContextValue } from 'react-redux';
import { getStore, type GazeDispatch, type GazeStore, type RootState } from './store';
import { resolveConfig, type ConfigLayer, type ElementConfig } from '../config/config';
import { selectPageConfig, selectPageDefaults, selectSessionCredentials } from '../config/selectors';

export const GazeContext = createContext<ReactReduxContextValue<RootState> | null>(null);

export const useGazeSelector = createSelectorHook(GazeContext).withTypes<RootState>();
export const useGazeDispatch = createDispatchHook(GazeContext).withTypes<GazeDispatch>();
export const useGazeStore = createStoreHook(GazeContext) as unknown as () => GazeStore;

export function GazeProvider({ children, store }: { children: ReactNode; store?: GazeStore }) {
  return (
    <Provider store={store ?? getStore()} context={GazeContext}>
      {children}
    </Provider>
  );
}

const ElementConfigContext = createContext<ElementConfig | null>(null);

/**
 * Resolves one element's config from its own layers (attributes first, then its <gaze-provider>)
 * over the page defaults and the session, and hands it to everything below.
 */
export function ElementConfigProvider({ layers, children }: { layers: ConfigLayer[]; children?: ReactNode }) {
  const defaults = useGazeSelector(selectPageDefaults);
  const session = useGazeSelector(selectSessionCredentials);
  // The caller builds a new array every render; keep the last one while its values are the same,
  // so the config (and every key derived from it) changes only when a value does. This is React's
  // "adjust state while rendering" pattern: a changed value re-renders at once with the new array.
  const [stable, setStable] = useState(layers);
  if (!sameLayers(stable, layers)) setStable(layers);
  const config = useMemo(() => resolveConfig([...stable, defaults], session), [stable, defaults, session]);
  return <ElementConfigContext.Provider value={config}>{children}</ElementConfigContext.Provider>;
}

function sameLayers(a: ConfigLayer[], b: ConfigLayer[]): boolean {
  return (
    a.length === b.length &&
    a.every((l, i) => l.apiBase === b[i].apiBase && l.token === b[i].token && l.companyId === b[i].companyId && l.theme === b[i].theme)
  );
}

/** This element's config; outside an element (a host's own React tree) the page's. */
export function useElementConfig(): ElementConfig {
  const own = useContext(ElementConfigContext);
  const page = useGazeSelector(selectPageConfig);
  return own ?? page;
}

/** What an element reports when one of its reads or writes fails (defineElement emits gaze-error). */
export interface ElementFailure {
  kind: 'read' | 'write';
  status: number | null;
  message: string;
}

/** Set by the element shell; null outside an element (a host's own React tree reports nothing). */
export const ElementFailureContext = createContext<((failure: ElementFailure) => void) | null>(null);
