import { defineElement, type Dependencies } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { ReportBuilder } from './ReportBuilder';

/**
 * 'Create your reports' for one study: the stim tree (Study → Cell → 'Step n' → Stim, tri-state
 * checkboxes, a preview per stim), the report types (Compare, KPI, Feature, Demographics, and
 * Question when the study has a survey), 'Generate Report', the copyable report address, and the
 * generated report beside them. A shared address's `stims` and `report-type` preselect and
 * generate at once. Stim names are resolved to stim keys (`cell:step:study:stim`).
 *
 * @element gaze-report-builder
 * @attr {string | number} study-id - The study.
 * @attr {string} report-type - compare | kpi | feature | demographics | questionAnswers: preselects and generates.
 * @attr {string} stims - Stim names joined by '|' with '.' for a space (the address's `stims`).
 * @fires {{ path: string }} gaze-navigate - Generate Report: the report's shareable address.
 * @csspart report-builder - The whole surface.
 * @csspart chooser - The left column.
 * @csspart stim-tree - The stim tree.
 * @csspart tree-study - The study's checkbox and name.
 * @csspart tree-cell - A cell's checkbox and name.
 * @csspart tree-step - A step's checkbox ('Step n').
 * @csspart tree-stim - A stim's checkbox and name.
 * @csspart preview-button - A stim's preview button.
 * @csspart preview - The preview dialog.
 * @csspart report-types - The report type radios.
 * @csspart generate - The Generate Report button.
 * @csspart report-url - The report address field.
 * @csspart copy - The copy button.
 * @csspart report - The right column with the title and the report.
 * @csspart title - The report title.
 * @csspart explanation - The explanation shown before a type is chosen.
 * @csspart empty - The view of a study without stims.
 * @csspart ambiguous-stims - A note listing the placements a stim name in the address matched (the name is placed in more than one cell or step).
 */
/** Share / Embed and the two reports of other areas, placed by tag: loaded by this element. */
export const dependencies = {
  'gaze-share-embed': () => import('../share-embed/share-embed.element'),
  'gaze-demographic-report': () => import('../demographic-report/demographic-report.element'),
  'gaze-question-report': () => import('../question-report/question-report.element'),
} as const satisfies Dependencies;

export const GazeReportBuilderElement = defineElement('gaze-report-builder', ReportBuilder, {
  props: { studyId: 'number', reportType: 'string', stims: 'string' },
  dependencies,
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-report-builder': {
      attributes: CommonAttributes & { 'study-id': string | number; 'report-type'?: string; stims?: string };
      events: CommonEvents;
    };
  }
}
