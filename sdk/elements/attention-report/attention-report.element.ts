import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { AttentionReportElement } from './AttentionReport';

/**
 * The compare (attention) report of chosen stims: stim chips, Eye tracking KPIs (norm selector with comparison-set sizes, info toggle), Survival curves (Dwell Time, Page Dwell Time, Viewable Time), Feature attention (metric and norm selectors) and the Visuals gallery; each section loads and fails on its own.
 *
 * @element gaze-attention-report
 * @attr {string | number} study-id - The study.
 * @attr {string} stims - Stim keys `cell:step:study:stim` joined by '|'; keys of another study are ignored.
 * @csspart attention-report - The whole report.
 * @csspart stim-chips - The chips of the stim names.
 * @csspart kpi-section - 'Eye tracking KPIs'.
 * @csspart survival-section - 'Survival curves'.
 * @csspart feature-section - 'Feature attention'.
 * @csspart visuals-section - 'Visuals'.
 * @csspart retention-notice - "Raw gaze data for this study was removed on dd/mm/yyyy under the company's retention policy" (issue 41).
 * @csspart section-error - A section's error (6 s).
 * @csspart info-toggle - A section's info toggle.
 */
export const GazeAttentionReportElement = defineElement('gaze-attention-report', AttentionReportElement, {
  props: { studyId: 'number', stims: 'string' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-attention-report': { attributes: CommonAttributes & { 'study-id': string | number; stims: string }; events: CommonEvents };
  }
}
