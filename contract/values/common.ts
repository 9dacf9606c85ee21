// TypeBox-free values of contract/common.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../common.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

/** The report types of the report builder, My Reports panels and embed tokens (contract/embed.ts). */
export const REPORT_TYPES = ['compare', 'kpi', 'feature', 'demographics', 'questionAnswers'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
