// TypeBox-free values of contract/embed.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../embed.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.
import { PANEL_REPORT_TYPES, type PanelReportType } from './my-reports.js';

/** The report types a token may be limited to (those of the report builder and My Reports). */
export const EMBED_REPORT_TYPES = PANEL_REPORT_TYPES;
export type EmbedReportType = PanelReportType;

/** Days an embed token lives when the dialog does not say (and at most). */
export const EMBED_DEFAULT_DAYS = 30;
export const EMBED_MAX_DAYS = 365;
export const EMBED_NAME_MAX = 100;
export const EMBED_MAX_ORIGINS = 20;
export const COMPANY_MAX_ORIGINS = 50;
/** An exact origin: scheme, host, optional port; no path, no wildcard (the server normalises it). */
export const ORIGIN_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9.-]+(:[0-9]{1,5})?/?$';

/** Word for word in the dialog and the server's answers. */
export const EMBED_MESSAGES = {
  outOfScope: 'This embed token does not open this',
  wrongOrigin: 'This embed token is not allowed on this page',
  originNotAllowed: 'is not an allowed origin of your company',
  noTokens: 'No embed tokens for this study yet',
  noOrigins: 'No allowed origins yet',
  originsAdminsOnly: 'Only company administrators can add or remove allowed origins',
} as const;
