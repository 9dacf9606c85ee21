// A PRIVATE react-redux context: a host page's own <Provider> can never reach or shadow ours.
import { createContext, type ReactNode } from 'react';
import { Provider, createDispatchHook, createSelectorHook, type ReactReduxContextValue } from 'react-redux';
import { getStore, type GazeDispatch, type RootState } from './store';

export const GazeContext = createContext<ReactReduxContextValue<RootState> | null>(null);

export const useGazeSelector = createSelectorHook(GazeContext).withTypes<RootState>();
export const useGazeDispatch = createDispatchHook(GazeContext).withTypes<GazeDispatch>();

export function GazeProvider({ children }: { children: ReactNode }) {
  return (
    <Provider store={getStore()} context={GazeContext}>
      {children}
    </Provider>
  );
}
