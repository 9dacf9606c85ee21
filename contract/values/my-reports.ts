// TypeBox-free values of contract/my-reports.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../my-reports.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.
import { REPORT_TYPES } from './common.js';

/** The report kinds a panel shows (the report builder's types). */
export const PANEL_REPORT_TYPES = REPORT_TYPES;
export type PanelReportType = (typeof PANEL_REPORT_TYPES)[number];
/** Word for word (spec document 3 §8). */
export const MY_REPORTS_MESSAGES = {
  noStudyReports: 'This study has no reports',
  noAccountReports: 'This account has no reports',
} as const;
export const DEFAULT_ROW_NAME = 'Saved reports';
export const REPORT_NAME_MAX = 100;
/** A stim key as the report builder writes it: cell:step:study:stim. */
export const STIM_KEY_PATTERN = '^[1-9][0-9]{0,9}:[1-9][0-9]{0,9}:[1-9][0-9]{0,9}:[1-9][0-9]{0,9}$';
