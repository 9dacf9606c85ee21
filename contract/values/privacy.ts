// TypeBox-free values of contract/privacy.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../privacy.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

/** Longest panel reference accepted (the take link's participant parameter is shorter). */
export const REFERENCE_MAX = 200;
/** Longest retention period a company may set: ten years. */
export const RETENTION_MAX_DAYS = 3650;

/** Word for word in the dashboard and the server's answers. */
export const PRIVACY_MESSAGES = {
  notFound: 'No respondent with this reference',
  referenceRequired: 'Enter the reference the panel knows the respondent by',
  confirmRequired: 'Type the word ERASE to confirm the erasure',
  /** The heatmap and replay notice; `{date}` is dd/mm/yyyy (UTC). */
  rawGazeRemoved: "Raw gaze data for this study was removed on {date} under the company's retention policy",
  respondentDataRemoved: "Respondent data for this study was removed on {date} under the company's retention policy",
  retentionAdminsOnly: 'Only company administrators can change the retention periods',
} as const;

/** The notice a report shows once raw gaze of the study was removed (null while none was). */
export function rawGazeNotice(removedAt: string | null, ddmmyyyy: (d: Date) => string): string | null {
  return removedAt ? PRIVACY_MESSAGES.rawGazeRemoved.replace('{date}', ddmmyyyy(new Date(removedAt))) : null;
}
