import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { DemographicReport } from './DemographicReport';

/**
 * The demographic report of a study in the reports context (spec document 3 §2.22): the six
 * demographics pies, 'Limit to eyetracking', the filter dialog and the CSV downloads.
 *
 * @element gaze-demographic-report
 * @attr {string | number} study-id - The study whose respondents are summarised.
 * @csspart demographic-report - The whole report.
 * @csspart title - The heading (with the study name once known).
 * @csspart toolbar - The limit switch, filter toggle and download.
 * @csspart limit - The 'Limit to eyetracking' switch.
 * @csspart filter-toggle - The button opening the filter dialog.
 * @csspart download - The split download button.
 * @csspart download-menu - The per-pie download menu.
 * @csspart pies - The grid of pies.
 * @csspart pie - One pie.
 * @csspart no-data - The no-data image of a pie.
 * @csspart error - The error message.
 */
// study-id is a string parsed strictly by the component: 43.0, 043 or 0x2b are not study 43.
export const GazeDemographicReportElement = defineElement('gaze-demographic-report', DemographicReport, {
  props: { studyId: 'string' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-demographic-report': { attributes: CommonAttributes & { 'study-id': string | number }; events: CommonEvents };
  }
}
