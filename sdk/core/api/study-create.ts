// Study creation (spec D3 §7): POST /studies/create with the wizard's form values. Wire types come
// from the contract (contract/study-create.ts).
import type { CreateStudyBody, CreateStudyResponse } from '../../../contract/study-create';
import { request, type ApiConfig } from './client';

export type { CreateStudyBody, CreateStudyResponse, CreateStudySuccess, StudyKind, RefValue } from '../../../contract/study-create';
export { CREATE_LIMITS, CREATE_MESSAGES, KIND_ROUTES, KIND_TYPE_CODE, THANK_YOU_TYPES, STUDY_KINDS, afterCreatePath, kindOfRoute, ADVANCED_FIELDS, ADVANCED_DATES, CREATE_DATE_FORMAT, SOCIAL_PLATFORMS, SOCIAL_PLATFORM_NAMES, SOCIAL_AD_TYPES, SOCIAL_PLATFORM_AD_TYPES, SOCIAL_DEFAULT, SOCIAL_PLATFORM_FIELDS, NEW_SOCIAL_SYSTEM_SITES, CALL_TO_ACTIONS, CALL_TO_ACTION_DEFAULT, PINTEREST_TYPES, SNAPCHAT_RATING_TEXT, PROMOTED_PLATFORMS, socialSiteOf, socialAdTypeOf, endsInMp4 } from '../../../contract/values/study-create';
export { QUICK_DEFAULTS, SUPER_USER_KINDS, SUPER_USER_ONLY_MESSAGE, SPECIALISED_TYPE_KINDS, isVideoAdUrl } from '../../../contract/values/study-create';
export type { SocialPlatform, SocialAdType, SocialField } from '../../../contract/study-create';

export const createStudy = (api: ApiConfig, body: CreateStudyBody) =>
  request<CreateStudyResponse>(api, { method: 'POST', url: '/studies/create', data: body });
