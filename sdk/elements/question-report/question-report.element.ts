import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { QuestionReportElement } from './QuestionReport';

/**
 * The question report of a study (spec document 3 §2.21): a grouped question menu (Screening
 * questions, Study questions), 'Limit to eyetracking' (on by default), the percentage of
 * respondents per answer (most chosen first) and the participant results CSV.
 *
 * @element gaze-question-report
 * @attr {string | number} study-id - The study.
 * @csspart question-report - The whole report.
 * @csspart controls - The question menu and the switch.
 * @csspart question-menu - The question menu (a native select with one group per kind).
 * @csspart switch - The 'Limit to eyetracking' switch.
 * @csspart results - The 720 px results panel.
 * @csspart bar-chart - The answer chart.
 * @csspart no-data - The 'No data available' image.
 * @csspart overview-error - The 'Error loading your data' image.
 * @csspart spinner - Shown while the questions or answers load.
 * @csspart download - The 'Download participant results' button.
 */
// study-id is a string parsed strictly by the component: 43.0, 043 or 0x2b are not study 43.
export const GazeQuestionReportElement = defineElement('gaze-question-report', QuestionReportElement, {
  props: { studyId: 'string' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-question-report': { attributes: CommonAttributes & { 'study-id': string | number }; events: CommonEvents };
  }
}
