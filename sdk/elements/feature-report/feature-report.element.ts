import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { FeatureReportElement } from './FeatureReport';

/**
 * The feature report: per chosen stim, cards, visuals, downloads and the Feature attention metrics table.
 *
 * @element gaze-feature-report
 * @attr {string | number} study-id - The study.
 * @attr {string} stims - Stim keys `cell:step:study:stim` joined by '|'; keys of another study are ignored.
 * @attr {string} filters - The report's starting demographic filters as JSON, e.g. `{"age_group_ids":[1,2]}`; every read (figures, curves, downloads, the interactive visual) is for those respondents, and the report's Filters dialog changes them.
 * @csspart feature-report - The whole report.
 * @csspart feature-stim - One stim's page.
 * @csspart feature-table - 'Feature attention metrics'.
 * @csspart metric-cards - The metric cards.
 * @csspart download-menu - The download menu.
 * @csspart gaze-explorer - The interactive visual: the creative (or video) with the heatmap, gaze plot and AOI overlay, its controls and the AOI table.
 * @csspart explorer-canvas - The overlay canvas (role img, its summary as the label).
 * @csspart aoi-table - The AOIs with their metrics beside the picture.
 * @csspart report-filters - The Filters button (active count), the summary of who the figures are for and Clear filters; the dialog is the demographics page's.
 */
export const GazeFeatureReportElement = defineElement('gaze-feature-report', FeatureReportElement, {
  props: { studyId: 'number', stims: 'string', filters: 'string' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-feature-report': { attributes: CommonAttributes & { 'study-id': string | number; stims: string; filters?: string }; events: CommonEvents };
  }
}
