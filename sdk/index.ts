// Public API of the SDK. No side effects: importing this defines no tag (import define-all.ts or an
// element's *.element.ts for that). Domains are not listed here: each element brings its own, and
// hosts import a domain module directly when they drive one.
export { configure, getClientConfig } from './core/page';
export { setTransport, request, errorMessage, type ApiConfig, type ApiRequest } from './core/api/client';
export { resolveConfig, type ConfigLayer, type ElementConfig } from './core/config/config';
export type { User, Profile } from './core/api/user';
export { getStore, createGazeStore, type RootState, type GazeStore, type GazeDispatch, type CreateStoreOptions } from './core/store/store';
export type { Injectable } from './core/store/inject';
export { GazeProvider, GazeContext, useGazeSelector, useGazeDispatch, useElementConfig } from './core/store/context';
export * from './core/resource/index';
export { sessionActions, INVALID_CREDENTIALS } from './core/session/slice';
export * as sessionSelectors from './core/session/selectors';
export { readStored } from './core/session/storage';
export { NAVIGATE_EVENT, type NavigateDetail } from './ui/host';
export { defineElement, type DefineOptions, type PropType } from './elements/define';
export type { GazeElementRegistry, GazeTag, GazeAttributes, GazeEvents, CommonAttributes, CommonEvents, GazeElement, ThemeValue } from './elements/registry';
export { on } from './elements/registry';
export { GAZE_EVENTS, WINDOW_EVENTS, dispatchGazeEvent, type GazeEventDetails, type GazeEventMap, type GazeWindowEventDetails, type GazeWindowEventMap, type GazeEventName, type StudyCreatedDetail, type SelectionChangeDetail, type ErrorDetail } from './ui/events';
export { SDK_VERSION } from './elements/version';

// Wire types hosts meet (driving a domain, reading an event's detail).
export type { HomeOverview, StudyListItem, StudyListQuery, StudyListResponse } from './core/api/studies';
export type { DemographicSummary, DemographicFilters, DemographicGroupCount } from './core/api/demographics';
export type { LookupItem, LookupListName } from './core/api/lookups';
// Reference lists are what host shells read too (the dashboard's company selector).
export { lookupList, lookupOptions } from './core/lookups/lists';
// A super user's link to another company's study: whose it is (the dashboard's company switch offer).
export { studyOwner } from './core/studies/list';

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
