// My Reports (spec document 3 §2.15, §7; resolution 16): report rows and panels per company and
// per study, each panel one of our own report views saved from the report builder, and the
// embeddable, signed URL of a panel (an embed token: read-only, one study's report, expiring,
// stored hashed, revocable — server/services/embed-tokens.ts).
import { Type, type Static } from 'typebox';
import { areaTag, defineOperation, Id, IdParam, Nullable, STUDY_ROLES, StudyParams, Text } from './common.js';
import { PANEL_REPORT_TYPES, type PanelReportType, DEFAULT_ROW_NAME, REPORT_NAME_MAX, STIM_KEY_PATTERN } from './values/my-reports.js';
export * from './values/my-reports.js';

declare module './common.js' {
  interface AreaTags { 'my-reports': true }
}
const TAG = areaTag('my-reports');

/** `url` is the panel's reference: pass it as panel_url to get-report-url for a signed address. */
export const ReportPanelView = Type.Object({
  id: Id(),
  name: Type.String(),
  url: Type.String({ description: 'The panel reference (report-panels/{id}); get-report-url signs it' }),
  study_id: Nullable(Type.Integer()),
  report_type: Type.String(),
});
export type ReportPanelView = Static<typeof ReportPanelView>;
export const ReportRowView = Type.Object({
  id: Id(),
  name: Type.String(),
  study_id: Nullable(Type.Integer()),
  panels: Type.Array(ReportPanelView),
});
export type ReportRowView = Static<typeof ReportRowView>;
export const ReportDetailsResponse = Type.Object({ success: Type.Literal(true), rows: Type.Array(ReportRowView) });
export type ReportDetailsResponse = Static<typeof ReportDetailsResponse>;

export const ReportUrlQuery = Type.Object({
  panel_url: Text(200, { minLength: 1, description: "A panel's url from get-report-details (report-panels/{id}) or its id" }),
});
export type ReportUrlQuery = Static<typeof ReportUrlQuery>;
export const ReportUrlResponse = Type.Object({
  success: Type.Literal(true),
  url: Type.String({ description: 'Our embeddable report page carrying an embed token' }),
  expires_at: Type.String({ description: 'ISO 8601: the URL opens nothing after this' }),
});
export type ReportUrlResponse = Static<typeof ReportUrlResponse>;

export const SavePanelBody = Type.Object({
  name: Text(REPORT_NAME_MAX, { minLength: 1, description: 'The panel name' }),
  row_name: Type.Optional(Text(REPORT_NAME_MAX, { minLength: 1, description: `The row it goes in (made when missing; default '${DEFAULT_ROW_NAME}')` })),
  report_type: Type.Unsafe<PanelReportType>({ type: 'string', enum: [...PANEL_REPORT_TYPES] }),
  stims: Type.Array(Type.String({ pattern: STIM_KEY_PATTERN }), { maxItems: 100, description: 'Stim keys cell:step:study:stim (none for demographics and question reports)' }),
});
export type SavePanelBody = Static<typeof SavePanelBody>;
export const SavePanelResponse = Type.Object({ success: Type.Literal(true), panel: ReportPanelView, row_id: Id() });
export type SavePanelResponse = Static<typeof SavePanelResponse>;

export const PanelParams = Type.Object({ panelId: IdParam({ description: 'Report panel id' }) });
const Done = Type.Object({ success: Type.Literal(true) });

const read = { tags: [TAG], access: 'read', roles: STUDY_ROLES, method: 'GET' } as const;

export const studyReportDetails = defineOperation({
  ...read, operationId: 'getStudyReportDetails', path: '/v1.0/studies/:id/get-report-details', params: StudyParams, errors: [404],
  summary: "The study's report rows and their panels (My Reports)",
  response: { 200: ReportDetailsResponse },
});
export const userReportDetails = defineOperation({
  ...read, operationId: 'getUserReportDetails', path: '/v1.0/user/get-report-details',
  summary: "Every report row and panel of the acting company (My Reports)",
  response: { 200: ReportDetailsResponse },
});
const urlDescription = 'Issues an embed token for that one panel (read-only, its study and stims only, expiring in an hour, stored hashed) and answers the address of our report page carrying it.';
export const studyReportUrl = defineOperation({
  ...read, access: 'write', operationId: 'getStudyReportUrl', path: '/v1.0/studies/:id/get-report-url', params: StudyParams, querystring: ReportUrlQuery, errors: [404],
  summary: "A signed, embeddable URL of one of the study's report panels", description: urlDescription,
  response: { 200: ReportUrlResponse },
});
export const userReportUrl = defineOperation({
  ...read, access: 'write', operationId: 'getUserReportUrl', path: '/v1.0/user/get-report-url', querystring: ReportUrlQuery, errors: [404],
  summary: "A signed, embeddable URL of one of the company's report panels", description: urlDescription,
  response: { 200: ReportUrlResponse },
});
export const savePanel = defineOperation({
  tags: [TAG], access: 'write', roles: STUDY_ROLES, method: 'POST', operationId: 'saveReportPanel', path: '/v1.0/studies/:id/report-panels',
  params: StudyParams, body: SavePanelBody, errors: [404],
  summary: 'Saves a report view as a panel of My Reports (the report builder\'s "Save to My Reports")',
  description: 'Stims must be placed in the study (400 otherwise). The row is the study\'s row of that name, made when missing.',
  response: { 200: SavePanelResponse },
});
export const deletePanel = defineOperation({
  tags: [TAG], access: 'write', roles: STUDY_ROLES, method: 'DELETE', operationId: 'deleteReportPanel', path: '/v1.0/report-panels/:panelId',
  params: PanelParams, errors: [404],
  summary: 'Deletes a panel of My Reports; its embed URLs stop opening',
  response: { 200: Done },
});
export const revokePanelUrls = defineOperation({
  tags: [TAG], access: 'write', roles: STUDY_ROLES, method: 'POST', operationId: 'revokeReportPanelUrls', path: '/v1.0/report-panels/:panelId/revoke',
  params: PanelParams, errors: [404],
  summary: "Revokes every embed URL issued for the panel so far",
  response: { 200: Type.Object({ success: Type.Literal(true), revoked: Type.Integer({ minimum: 0 }) }) },
});

export const operations = { studyReportDetails, userReportDetails, studyReportUrl, userReportUrl, savePanel, deletePanel, revokePanelUrls };
