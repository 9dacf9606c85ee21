// Public API of the SDK. No side effects: importing this defines no tag (import define-all.ts or an
// element's *.element.ts for that).
export { configure, getClientConfig, setTransport, api, type ClientConfig } from './core/api/client';
export type { User, Profile } from './core/api/types';
export { getStore, createGazeStore, type RootState, type GazeStore, type GazeDispatch } from './core/store/store';
export { GazeProvider, GazeContext, useGazeSelector, useGazeDispatch } from './core/store/context';
export { sessionActions, INVALID_CREDENTIALS } from './core/session/slice';
export * as sessionSelectors from './core/session/selectors';
export { WINDOW_EVENTS } from './core/events';
export { readStored } from './core/session/storage';
export { NAVIGATE_EVENT, type NavigateDetail } from './ui/host';
export { defineElement, type DefineOptions, type PropType } from './elements/define';
export type { GazeElementRegistry, GazeTag, GazeAttributes, GazeEvents, CommonAttributes, CommonEvents } from './elements/registry';
export { on } from './elements/registry';

import { getStore } from './core/store/store';
import { sessionActions } from './core/session/slice';

/** Sign out: revoke the token, clear ALL localStorage, then window fires 'gaze-signed-out'. */
export function signOut(): void {
  getStore().dispatch(sessionActions.signOut());
}

/** Super users: act for another company (X-Company-Id on later calls); null = own company. */
export function switchCompany(companyId: string | number | null): void {
  getStore().dispatch(sessionActions.switchCompany(companyId));
}

// Home, study list, lookups and demographics domains (hosts may drive or read them directly).
export type { HomeOverview, StudyListItem, StudyListQuery, StudyListResponse } from './core/api/studies';
export type { DemographicSummary, DemographicFilters, DemographicGroupCount } from './core/api/demographics';
export { homeActions } from './core/home/slice';
export { studiesActions, DEFAULT_STUDY_QUERY } from './core/studies/slice';
export { lookupsActions } from './core/lookups/slice';
export { demographicsActions, DEMOGRAPHICS_ERROR } from './core/demographics/slice';
