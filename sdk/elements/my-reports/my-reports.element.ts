import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { MyReports } from './MyReports';

/**
 * My Reports: the report rows and panels saved from the report builder (of one study, or of the
 * whole account), a search over them (125 ms), and the chosen panel in an iframe through its
 * signed, expiring URL. 'This study has no reports' / 'This account has no reports' when empty.
 *
 * @element gaze-my-reports
 * @attr {string | number} study-id - Optional: only this study's reports.
 * @csspart my-reports - The whole surface.
 * @csspart tree - The side tree with its search.
 * @csspart panel - A panel's button in the tree.
 * @csspart report - The right column.
 * @csspart auth-hint - The tooltip button about embed authentication.
 * @csspart frame - The iframe showing the report.
 * @csspart empty - The no-reports message.
 */
export const GazeMyReportsElement = defineElement('gaze-my-reports', MyReports, { props: { studyId: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-my-reports': { attributes: CommonAttributes & { 'study-id'?: string | number }; events: CommonEvents };
  }
}
